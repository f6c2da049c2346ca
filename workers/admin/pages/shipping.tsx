/** @jsxImportSource hono/jsx */
/**
 * Many packed orders shipped at once from a CSV file (order number, carrier, tracking
 * number), and what the upload did with every line (workers/shop/orders/shipping-csv.ts: each
 * line is the owner's ship move, with its checks, timeline event, audit entry and email).
 * Bounded like the stock import: the body's size before it is read, the lines after.
 */
import { Hono } from "hono";
import { CARRIER_CODES, CARRIERS } from "../../../app/shared/carriers";
import { isShopError } from "../../../app/shared/errors";
import { bodyLimit } from "../../edge/request-body";
import { applyShipments, SHIPPING_CSV_COLUMNS, SHIPPING_CSV_MAX_ROWS, type ShippingReport } from "../../shop/orders/shipping-csv";
import { readCsvUpload } from "../csv";
import { frame, type AdminContext, type AdminEnv } from "../http";
import { CsvUploadForm, FileReport, FormError, Layout, type Frame } from "../views";

/** Where the file is posted: workers/edge/request-body.ts OWN_BODY_LIMIT_PATHS names it, so the limit below is its own. */
const SHIPPING_UPLOAD_PATH = "/admin/shipping";

/**
 * The largest shipping file an upload may be: 200 lines of a spreadsheet that kept other
 * columns too (the orders export's address and items come to about 300 bytes a line).
 */
export const SHIPPING_FILE_MAX_BYTES = 64 * 1024;
const TOO_LARGE = `This file is too large: a shipping file can be at most 64 KiB (${SHIPPING_CSV_MAX_ROWS} orders). Please upload it in parts.`;

type Result = { error?: string; report?: ShippingReport };

const shippingPage = (c: AdminContext, result: Result, status: 200 | 400 | 413 = 200) => c.html(<ShippingPage {...frame(c)} result={result} />, status);

export const shippingPages = new Hono<AdminEnv>()
  .get("/shipping", (c) => shippingPage(c, {}))
  .post(
    "/shipping",
    bodyLimit(SHIPPING_FILE_MAX_BYTES, (c: AdminContext) => shippingPage(c, { error: TOO_LARGE }, 413)),
    async (c) => {
      const parsed = await readCsvUpload(c.req.raw);
      if (parsed.error !== undefined) return shippingPage(c, { error: parsed.error }, 400);
      try {
        return shippingPage(c, { report: await applyShipments(c.var.backOffice, parsed.records, new URL(c.req.url).origin) });
      } catch (error) {
        // A file refused whole (its header, its length): nothing was shipped.
        if (isShopError(error)) return shippingPage(c, { error: error.message }, 400);
        throw error;
      }
    },
  );

const shippedText = (shipped: number) => (shipped === 0 ? "No order was shipped." : `${shipped} ${shipped === 1 ? "order was" : "orders were"} shipped.`);

function ShippingPage({ nonce, result }: Frame & { result: Result }) {
  return (
    <Layout title="Ship orders from a file" nonce={nonce} section="/admin/orders">
      <p>
        <a href="/admin/orders?status=packed">Back to packed orders</a>
      </p>
      {result.report ? <FileReport title="What the upload did" summary={shippedText(result.report.shipped)} lines={result.report.lines} /> : null}
      <p>
        Each line of the file ships one packed order: the shopper is emailed the carrier, the tracking number and its link, as when you ship it from the order's
        page. Orders that are not packed yet are skipped: mark them packed first.
      </p>
      <FormError message={result.error} />
      <CsvUploadForm action={SHIPPING_UPLOAD_PATH} button="Ship these orders">
        <p>
          The file's first line is its header and must name the columns <code>{SHIPPING_CSV_COLUMNS.join(", ")}</code> (in any order; other columns are
          ignored). Each line after it names an order by its number, a carrier ({CARRIER_CODES.map((code) => CARRIERS[code].name).join(", ")}) and the parcel's
          tracking number in that carrier's format.
        </p>
        <p>
          Lines that cannot be shipped (an unknown order, one not packed, a carrier not on the list, a tracking number not in its format, an order named twice)
          are skipped; every other line is shipped, and the page then says what it did with every line. At most {SHIPPING_CSV_MAX_ROWS} orders and 64 KiB a
          file.
        </p>
      </CsvUploadForm>
    </Layout>
  );
}
