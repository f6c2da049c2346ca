/** @jsxImportSource hono/jsx */
/**
 * Stock: every variant's count by product, one count to set, and the counts as a CSV file
 * to download and to upload again (each line of an upload reported).
 */
import { Hono } from "hono";
import { isShopError } from "../../../app/shared/errors";
import { AdminStockSchema, STOCK_MAX } from "../../../app/shared/schemas";
import { lineTitle } from "../../../app/shared/variants";
import { bodyLimit } from "../../edge/request-body";
import { recordEvent } from "../../shop/backoffice/shared";
import {
  getVariantStock,
  importStock,
  listStock,
  notCounted,
  STALE_STOCK,
  STOCK_CSV_COLUMNS,
  updateStock,
  type ImportReport,
  type StockRow,
} from "../../shop/backoffice/stock";
import { csvResponse, readCsvUpload, toCsv } from "../csv";
import { frame, idParam, notFoundPage, readForm, type AdminContext, type AdminEnv } from "../http";
import { CsvUploadForm, FieldError, FileReport, FormError, Layout, Table, type Errors, type Frame } from "../views";

/** The largest stock file an upload may be: about 4,000 lines of the export's size. */
export const STOCK_FILE_MAX_BYTES = 256 * 1024;
const TOO_LARGE = "This file is too large: a stock file can be at most 256 KiB (about 4,000 lines). Please import it in parts.";

/** How a variant's stock reads in a table. */
const stockText = (stock: number | null) => (stock === null ? "not counted" : String(stock));

/** A variant in a table: its product, and its choice in the shop's words. */
const VariantName = ({ row }: { row: StockRow }) => (
  <>
    {row.product}
    {row.label ? <span class="muted"> · {row.label}</span> : null}
  </>
);

/** A variant's first two cells in a stock table (here and the Overview's low stock): its SKU, linking to where its stock is set, and its name. */
export const VariantCells = ({ row }: { row: StockRow }) => (
  <>
    <td>
      <a href={`/admin/stock/${row.variantId}`}>{row.sku}</a>
    </td>
    <td>
      <VariantName row={row} />
    </td>
  </>
);

type StockForm = { stock: string; was: number; errors: Errors };

const tooLarge = async (c: AdminContext) => stockPage(c, { error: TOO_LARGE }, 413);

async function stockPage(c: AdminContext, result: { error?: string; report?: ImportReport }, status: 200 | 400 | 413 = 200) {
  return c.html(<StockPage {...frame(c)} rows={await listStock(c.var.backOffice)} result={result} />, status);
}

export const stockPages = new Hono<AdminEnv>()
  .get("/stock", (c) => stockPage(c, {}))
  .get("/stock.csv", async (c) => {
    const rows = await listStock(c.var.backOffice);
    await recordEvent(c.var.backOffice, "export.stock", "stock", `${rows.length} ${rows.length === 1 ? "variant" : "variants"}`);
    return csvResponse(
      toCsv(
        STOCK_CSV_COLUMNS,
        rows.map((row) => [row.sku, row.product, row.label, row.stock ?? ""]),
      ),
      "stock.csv",
    );
  })
  .post("/stock.csv", bodyLimit(STOCK_FILE_MAX_BYTES, tooLarge), async (c) => {
    const parsed = await readCsvUpload(c.req.raw);
    if (parsed.error !== undefined) return stockPage(c, { error: parsed.error }, 400);
    try {
      return await stockPage(c, { report: await importStock(c.var.backOffice, parsed.records) });
    } catch (error) {
      if (isShopError(error)) return stockPage(c, { error: error.message }, 400);
      throw error;
    }
  })
  .get("/stock/:id", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    const variant = await getVariantStock(c.var.backOffice, id);
    return c.html(<VariantPage {...frame(c)} variant={variant} form={{ stock: stockText(variant.stock), was: variant.stock ?? 0, errors: {} }} />);
  })
  .post("/stock/:id", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    const form = await readForm(c, AdminStockSchema);
    if (form.errors) {
      const variant = await getVariantStock(c.var.backOffice, id);
      const was = Number(form.typed("was"));
      const typed = { stock: form.typed("stock"), was: Number.isInteger(was) ? was : (variant.stock ?? 0), errors: form.errors };
      return c.html(<VariantPage {...frame(c)} notice={undefined} variant={variant} form={typed} />, 400);
    }
    const edit = await updateStock(c.var.backOffice, id, form.value);
    if (edit === "stale") {
      // Shown again with the stock as it is now, and what the owner typed: saving again sets it.
      const variant = await getVariantStock(c.var.backOffice, id);
      const form_ = { stock: String(form.value.stock), was: variant.stock ?? 0, errors: { form: STALE_STOCK } };
      return c.html(<VariantPage {...frame(c)} notice={undefined} variant={variant} form={form_} />, 409);
    }
    return c.redirect(`/admin/stock/${id}?done=${edit === "saved" ? "stock-saved" : "unchanged"}`, 303);
  });

function StockPage({ nonce, notice, rows, result }: Frame & { rows: StockRow[]; result: { error?: string; report?: ImportReport } }) {
  return (
    <Layout title="Stock" nonce={nonce} notice={notice} section="/admin/stock">
      {result.report ? (
        <FileReport
          title="What the import did"
          summary={
            result.report.changed === 0
              ? "Nothing was changed."
              : `${result.report.changed} ${result.report.changed === 1 ? "stock was" : "stocks were"} changed.`
          }
          lines={result.report.lines}
        />
      ) : null}
      <p>
        Each variant's stock: what the shop can still sell. An order takes its stock when it is placed and a cancelled order gives it back; "not counted" is
        what never runs out (the single, a download). Choose a SKU to set its stock, or <a href="/admin/stock.csv">download the stock as CSV</a> and{" "}
        <a href="#import">import a CSV file</a>.
      </p>
      <Table label="Stock by variant" columns={["SKU", "Variant", { label: "Stock", numeric: true }]}>
        {rows.map((row) => (
          <tr>
            <VariantCells row={row} />
            <td class={row.stock === null ? "num muted" : "num"}>{stockText(row.stock)}</td>
          </tr>
        ))}
      </Table>

      <h2>Download</h2>
      <p>
        <a href="/admin/stock.csv">Download the stock as CSV</a>: one variant a line, with the columns {STOCK_CSV_COLUMNS.join(", ")}.
      </p>

      <h2 id="import">Import</h2>
      <FormError message={result.error} />
      <CsvUploadForm action="/admin/stock.csv" button="Import">
        <p>
          The file's first line is its header and must name the columns <code>sku</code> and <code>stock</code> (other columns, like the download's product and
          options, are ignored). Each line after it sets one variant's stock, by SKU, to a whole number from 0 to {STOCK_MAX}.
        </p>
        <p>
          A blank stock never changes anything: a counted variant's line with a blank stock is skipped (it is not read as 0), and a variant that is not counted
          stays not counted. Unknown SKUs, stocks that are not whole numbers and SKUs named twice are skipped. Every other line is applied at once, each in the
          audit trail, and the page then says what it did with every line. At most 256 KiB.
        </p>
      </CsvUploadForm>
    </Layout>
  );
}

function VariantPage({ nonce, notice, variant, form }: Frame & { variant: StockRow; form: StockForm }) {
  const title = lineTitle(variant.product, variant.label);
  return (
    <Layout title={title} nonce={nonce} notice={notice} section="/admin/stock">
      <p>
        <a href="/admin/stock">Back to the stock</a>
      </p>
      <dl>
        <dt>SKU</dt>
        <dd>{variant.sku}</dd>
        <dt>Stock</dt>
        <dd>{stockText(variant.stock)}</dd>
      </dl>
      {variant.stock === null ? (
        <p>{notCounted(variant.sku)}</p>
      ) : (
        <>
          <h2>Set the stock</h2>
          <FormError message={form.errors.form ?? form.errors.was} />
          <form method="post" action={`/admin/stock/${variant.variantId}`} class="panel">
            <input type="hidden" name="was" value={String(form.was)} />
            <label>
              Stock
              <input
                name="stock"
                inputmode="numeric"
                pattern="[0-9]*"
                value={form.stock}
                required
                aria-invalid={form.errors.stock ? "true" : undefined}
                aria-describedby="stock-error"
              />
            </label>
            <FieldError id="stock-error" message={form.errors.stock} />
            <p class="muted">A whole number from 0 to {STOCK_MAX}. At 0 the shop shows it as SOLD OUT; an order placed meanwhile keeps this from saving.</p>
            <button type="submit">Save</button>
          </form>
        </>
      )}
    </Layout>
  );
}
