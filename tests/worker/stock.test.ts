/**
 * The owner keeps stock (workers/admin/pages/stock.tsx, workers/shop/backoffice/stock.ts):
 * a count set per variant, only over the count the owner saw, audited in the same batch; the
 * counts as a CSV download and an upload that reports every line; the low-stock list on the
 * Overview; and a cancelled order giving its stock back (workers/shop/backoffice/orders.ts).
 * Its own file: it changes stock, which each file keeps for itself.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { STOCK_MESSAGE } from "../../app/shared/schemas";
import { parseCsv } from "../../workers/admin/csv";
import { STALE_STOCK } from "../../workers/shop/backoffice/stock";
import { shopOf, unique } from "./helpers";
import { asHtml, auditOf, Owner, row } from "./owner";
import { SHIPPING_ADDRESS } from "../shopper";
import { Visitor } from "./visitor";

/** The seed's tank in black, size M: 3 left. Pink XS (1101) is sold out. */
const TANK_M_BLACK = { id: 1108, sku: "RD-TANK-M-BLK" };
const TANK_XS_PINK = { id: 1101, sku: "RD-TANK-XS-PNK" };
const TANK = 11;

const stockOf = async (variantId: number) => (await row<{ stock: number | null }>("SELECT stock FROM variants WHERE id = ?", variantId))!.stock;
const setStock = (variantId: number, stock: number | null) => env.DB.prepare("UPDATE variants SET stock = ? WHERE id = ?").bind(stock, variantId).run();
const variantBySku = async (sku: string) => (await row<{ id: number; stock: number | null }>("SELECT id, stock FROM variants WHERE sku = ?", sku))!;
const skuOf = async (variantId: number) => (await row<{ sku: string }>("SELECT sku FROM variants WHERE id = ?", variantId))!.sku;
const stockAudit = (sku: string) => auditOf(`variant ${sku}`);

/** A stock file posted as the page's upload form posts it (multipart/form-data). */
function upload(content: string | Uint8Array<ArrayBuffer>, name = "stock.csv", type = "text/csv") {
  const form = new FormData();
  form.set("file", new File([content], name, { type }));
  return form;
}

const importFile = (owner: Owner, content: string | Uint8Array<ArrayBuffer>, name?: string, type?: string) =>
  owner.request("POST", "/admin/stock.csv", upload(content, name, type));

/**
 * The back office's D1 (as its requests open it, `withSession`) that runs `between` just
 * before its first batch: what an order placed between an edit's read and its write does.
 */
function changingBeforeFirstBatch(between: () => Promise<unknown>) {
  let first = true;
  const session = (target: D1DatabaseSession) =>
    new Proxy(target, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (key !== "batch" || typeof value !== "function") return typeof value === "function" ? value.bind(target) : value;
        return async (statements: D1PreparedStatement[]) => {
          if (first) {
            first = false;
            await between();
          }
          return target.batch(statements);
        };
      },
    });
  return { DB: { withSession: (constraint?: string) => session(env.DB.withSession(constraint)) } };
}

/** The import's report lines as the page lists them. */
const reportOf = (html: string) =>
  [...html.matchAll(/<li>(line [^<]*)<\/li>/g)].map((m) =>
    m[1]!.replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&gt;", ">").replaceAll("&lt;", "<").replaceAll("&amp;", "&"),
  );

describe("the stock page", () => {
  it("lists every variant by product with its SKU, its choice in the shop's words and its stock, 'not counted' where stock is not counted; the nav links it", async () => {
    const owner = await Owner.signedIn();
    const page = await owner.get("/admin/stock");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<a href="/admin/stock" aria-current="page">Stock</a>');
    const { count } = (await row<{ count: number }>("SELECT count(*) AS count FROM variants"))!;
    expect([...page.text.matchAll(/<a href="\/admin\/stock\/\d+">/g)]).toHaveLength(count);
    expect(page.text).toMatch(
      new RegExp(
        `<a href="/admin/stock/${TANK_M_BLACK.id}">${TANK_M_BLACK.sku}</a></td><td>[^<]+<span class="muted"> · Size M · Black</span></td><td class="num">3</td>`,
      ),
    );
    const single = (await row<{ id: number; sku: string }>("SELECT v.id, v.sku FROM variants v JOIN products p ON p.id = v.product_id WHERE p.digital = 1"))!;
    expect(page.text).toMatch(new RegExp(`${single.sku}</a></td><td>[^<]+</td><td class="num muted">not counted</td>`));
  });

  it("sets a variant's stock, audited in the same batch as 'stock.update' of 'variant SKU' with 'stock 3 -> 10'; the shop sells the new count", async () => {
    const owner = await Owner.signedIn();
    await setStock(TANK_M_BLACK.id, 3);
    const form = await owner.get(`/admin/stock/${TANK_M_BLACK.id}`);
    expect(form.text).toContain('<input type="hidden" name="was" value="3"/>');
    const saved = await owner.post(`/admin/stock/${TANK_M_BLACK.id}`, { stock: "10", was: "3" });
    expect(saved.status, saved.text).toBe(303);
    expect(saved.location).toBe(`/admin/stock/${TANK_M_BLACK.id}?done=stock-saved`);
    expect(await stockOf(TANK_M_BLACK.id)).toBe(10);
    expect((await stockAudit(TANK_M_BLACK.sku)).at(-1)).toEqual({ action: "stock.update", detail: "stock 3 -> 10", address: owner.address });
    const { slug } = (await row<{ slug: string }>("SELECT slug FROM products WHERE id = ?", TANK))!;
    const product = await new Visitor().get<{ variants: { id: number; quantityAvailable: number | null }[] }>(`/api/products/${slug}`);
    expect(product.body.variants.find((v) => v.id === TANK_M_BLACK.id)?.quantityAvailable).toBe(10);
    await setStock(TANK_M_BLACK.id, 3);
  });

  it("a stock that changed while the owner was editing it (an order, another edit) is not overwritten: refused with 'This stock changed while you were editing it...', nothing recorded", async () => {
    const owner = await Owner.signedIn();
    const variant = { id: 1112, sku: await skuOf(1112) };
    const seen = (await stockOf(variant.id))!;
    await setStock(variant.id, seen - 1); // sold meanwhile
    const audits = (await stockAudit(variant.sku)).length;
    const refused = await owner.post(`/admin/stock/${variant.id}`, { stock: "40", was: String(seen) });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(asHtml(STALE_STOCK));
    expect(STALE_STOCK).toMatch(/^This stock changed while you were editing it/);
    expect(await stockOf(variant.id)).toBe(seen - 1);
    expect(await stockAudit(variant.sku)).toHaveLength(audits);
    // The page shows the stock as it is now, and what the owner typed: saving again sets it.
    expect(refused.text).toContain(`<input type="hidden" name="was" value="${seen - 1}"/>`);
    expect(refused.text).toContain('value="40"');
    expect((await owner.post(`/admin/stock/${variant.id}`, { stock: "40", was: String(seen - 1) })).status).toBe(303);
    expect(await stockOf(variant.id)).toBe(40);

    // Changed between this edit's own read and its write: the write holds only over the count seen.
    const orderMeanwhile = changingBeforeFirstBatch(() => setStock(variant.id, 39));
    const raced = await owner.request("POST", `/admin/stock/${variant.id}`, { stock: "50", was: "40" }, {}, orderMeanwhile);
    expect(raced.status).toBe(409);
    expect(await stockOf(variant.id)).toBe(39);
    expect((await stockAudit(variant.sku)).map((entry) => entry.detail)).toEqual([`stock ${seen - 1} -> 40`]);
  });

  it("a count that is no whole number from 0 to 100000 is refused beside the field and changes nothing; the same count is 'Nothing changed' and no audit entry", async () => {
    const owner = await Owner.signedIn();
    const variant = { id: 1113, sku: await skuOf(1113) };
    const stock = (await stockOf(variant.id))!;
    for (const typed of ["ten", "-1", "2.5", "100001", "", "1e3"]) {
      const answer = await owner.post(`/admin/stock/${variant.id}`, { stock: typed, was: String(stock) });
      expect(answer.status, typed).toBe(400);
      expect(answer.text).toContain(`<p class="error" id="stock-error">${asHtml(STOCK_MESSAGE)}</p>`);
    }
    const same = await owner.post(`/admin/stock/${variant.id}`, { stock: String(stock), was: String(stock) });
    expect(same.location).toBe(`/admin/stock/${variant.id}?done=unchanged`);
    expect(await stockOf(variant.id)).toBe(stock);
    expect(await stockAudit(variant.sku)).toEqual([]);
    expect((await owner.post(`/admin/stock/${variant.id}`, { stock: "100000", was: String(stock) })).status).toBe(303);
    expect(await stockOf(variant.id)).toBe(100000);
  });

  it("a variant that is not counted (the single) has no count to set; an unknown variant is a 404", async () => {
    const owner = await Owner.signedIn();
    const single = (await row<{ id: number; sku: string }>("SELECT v.id, v.sku FROM variants v JOIN products p ON p.id = v.product_id WHERE p.digital = 1"))!;
    const page = await owner.get(`/admin/stock/${single.id}`);
    expect(page.text).toContain("is not counted (a download never runs out)");
    expect(page.text).not.toContain('name="stock"');
    expect((await owner.post(`/admin/stock/${single.id}`, { stock: "5", was: "0" })).status).toBe(400);
    expect(await stockOf(single.id)).toBeNull();
    expect((await owner.get("/admin/stock/999999")).status).toBe(404);
    expect((await owner.post("/admin/stock/999999", { stock: "5", was: "0" })).status).toBe(404);
  });

  it("signed out, the stock pages lead to the sign-in page and nothing changes", async () => {
    const stranger = new Owner();
    expect((await stranger.get("/admin/stock")).location).toBe("/admin/sign-in");
    expect((await stranger.get("/admin/stock.csv")).location).toBe("/admin/sign-in");
    const stock = await stockOf(TANK_M_BLACK.id);
    expect((await stranger.post(`/admin/stock/${TANK_M_BLACK.id}`, { stock: "99", was: String(stock) })).location).toBe("/admin/sign-in");
    expect((await importFile(stranger, `sku,stock\r\n${TANK_M_BLACK.sku},99\r\n`)).location).toBe("/admin/sign-in");
    expect(await stockOf(TANK_M_BLACK.id)).toBe(stock);
  });
});

describe("the stock as CSV", () => {
  it("downloads every variant by SKU (sku, product, options, stock; blank where not counted), recorded in the audit trail; a cell a spreadsheet would run is neutralised", async () => {
    const owner = await Owner.signedIn();
    const name = (await row<{ name: string }>("SELECT name FROM products WHERE id = 17"))!.name;
    await env.DB.prepare("UPDATE products SET name = '=HYPERLINK(\"http://evil.test\")' WHERE id = 17").run();
    try {
      const answer = await owner.get("/admin/stock.csv");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="stock.csv"');
      const lines = answer.text
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[0]).toBe("sku,product,options,stock");
      const { count } = (await row<{ count: number }>("SELECT count(*) AS count FROM variants"))!;
      expect(lines).toHaveLength(count + 1);
      const tank = (await row<{ name: string }>("SELECT name FROM products WHERE id = ?", TANK))!.name;
      expect(lines).toContain(`${TANK_M_BLACK.sku},${tank},Size M · Black,${await stockOf(TANK_M_BLACK.id)}`);
      expect(lines).toContain(`${TANK_XS_PINK.sku},${tank},Size XS · Pink,0`);
      const snapback = lines.find((line) => line.startsWith("RD-SNAPBACK"));
      expect(snapback).toBe(`RD-SNAPBACK,"'=HYPERLINK(""http://evil.test"")",,${await stockOf((await variantBySku("RD-SNAPBACK")).id)}`);
      const single = (await row<{ sku: string }>("SELECT v.sku FROM variants v JOIN products p ON p.id = v.product_id WHERE p.digital = 1"))!;
      expect(lines.find((line) => line.startsWith(single.sku))).toMatch(/,$/);
      expect((await auditOf("stock")).at(-1)).toEqual({ action: "export.stock", detail: `${count} variants`, address: owner.address });
    } finally {
      await env.DB.prepare("UPDATE products SET name = ? WHERE id = 17").bind(name).run();
    }
  });

  it("an import sets stock by SKU and reports line by line: set, unknown SKU, not a whole number, unchanged, blank, not counted, named twice; valid lines applied in one batch with an audit entry each", async () => {
    const owner = await Owner.signedIn();
    const [a, b, c] = await Promise.all([1102, 1103, 1104].map(async (id) => ({ id, sku: await skuOf(id) })));
    await Promise.all([setStock(a!.id, 3), setStock(b!.id, 8), setStock(c!.id, 4)]);
    const single = (await row<{ id: number; sku: string }>("SELECT v.id, v.sku FROM variants v JOIN products p ON p.id = v.product_id WHERE p.digital = 1"))!;
    const file = [
      "sku,product,options,stock",
      `${a!.sku},Tank,Size S · Pink,10`,
      "RD-NOPE,Nothing,,5",
      `${b!.sku},Tank,,ten`,
      `${c!.sku},Tank,,4`,
      "",
      `${b!.sku},Tank,,11`,
      `${c!.sku},Tank,,`,
      `${single.sku},Single,,`,
      `${single.sku},Single,,5`,
      `${a!.sku},Tank,,12`,
      `,Tank,,12`,
      `${c!.sku},Tank,,100001`,
    ].join("\n");
    const answer = await importFile(owner, file);
    expect(answer.status, answer.text).toBe(200);
    expect(reportOf(answer.text)).toEqual([
      `line 2: ${a!.sku} 3 -> 10`,
      "line 3: unknown SKU 'RD-NOPE', skipped",
      `line 4: ${b!.sku} stock 'ten' is not a whole number from 0 to 100000, skipped`,
      `line 5: ${c!.sku} unchanged (4)`,
      `line 7: ${b!.sku} is on line 4 already, skipped`,
      `line 8: ${c!.sku} is on line 5 already, skipped`,
      `line 9: ${single.sku} unchanged (not counted)`,
      `line 10: ${single.sku} is on line 9 already, skipped`,
      `line 11: ${a!.sku} is on line 2 already, skipped`,
      "line 12: no SKU, skipped",
      `line 13: ${c!.sku} is on line 5 already, skipped`,
    ]);
    expect(answer.text).toContain("1 stock was changed.");
    expect(await stockOf(a!.id)).toBe(10);
    expect(await stockOf(b!.id)).toBe(8);
    expect(await stockOf(c!.id)).toBe(4);
    expect(await stockOf(single.id)).toBeNull();
    expect(await stockAudit(a!.sku)).toEqual([{ action: "stock.update", detail: "stock 3 -> 10", address: owner.address }]);
    expect(await stockAudit(b!.sku)).toEqual([]);
    expect(await stockAudit(c!.sku)).toEqual([]);
  });

  it("an import applies every valid line, each with its own audit entry; a blank stock for a counted variant, a count for one not counted and a stock past 100000 are reported and skipped", async () => {
    const owner = await Owner.signedIn();
    const variants = await Promise.all([1105, 1106, 1107, 1109].map(async (id) => ({ id, sku: await skuOf(id) })));
    await Promise.all(variants.map((v) => setStock(v.id, 12)));
    const single = (await row<{ id: number; sku: string }>("SELECT v.id, v.sku FROM variants v JOIN products p ON p.id = v.product_id WHERE p.digital = 1"))!;
    const [v1, v2, v3, v4] = variants as [(typeof variants)[0], (typeof variants)[0], (typeof variants)[0], (typeof variants)[0]];
    const file = `stock,sku\n0,${v1.sku}\n20,${v2.sku}\n,${v3.sku}\n100001,${v4.sku}\n5,${single.sku}\n`;
    const answer = await importFile(owner, file);
    expect(reportOf(answer.text)).toEqual([
      `line 2: ${v1.sku} 12 -> 0`,
      `line 3: ${v2.sku} 12 -> 20`,
      `line 4: ${v3.sku} has no stock, skipped (a counted variant needs a whole number from 0 to 100000)`,
      `line 5: ${v4.sku} stock '100001' is not a whole number from 0 to 100000, skipped`,
      `line 6: ${single.sku} is not counted (a download), skipped`,
    ]);
    expect(answer.text).toContain("2 stocks were changed.");
    expect([await stockOf(v1.id), await stockOf(v2.id), await stockOf(v3.id), await stockOf(v4.id)]).toEqual([0, 20, 12, 12]);
    expect(await stockAudit(v1.sku)).toEqual([{ action: "stock.update", detail: "stock 12 -> 0", address: owner.address }]);
    expect(await stockAudit(v2.sku)).toEqual([{ action: "stock.update", detail: "stock 12 -> 20", address: owner.address }]);
  });

  it("a stock file as spreadsheets save it is read right: a byte-order mark, CRLF lines, quoted fields with commas, quotes and line breaks (line numbers still the file's)", async () => {
    const owner = await Owner.signedIn();
    const [a, b] = await Promise.all([1110, 1111].map(async (id) => ({ id, sku: await skuOf(id) })));
    await Promise.all([setStock(a!.id, 1), setStock(b!.id, 2)]);
    const file = `\uFEFF"sku","product","options","stock"\r\n"${a!.sku}","Tank, ""the"" one","Size\r\nL","6"\r\n${b!.sku},Tank,"",7\r\n`;
    const answer = await importFile(owner, file);
    expect(reportOf(answer.text)).toEqual([`line 2: ${a!.sku} 1 -> 6`, `line 4: ${b!.sku} 2 -> 7`]);
    expect([await stockOf(a!.id), await stockOf(b!.id)]).toEqual([6, 7]);
  });

  it("a line whose stock changed between the import's read and its write (an order) is not overwritten: reported as skipped, no audit entry; the other lines are applied", async () => {
    const owner = await Owner.signedIn();
    const [a, b] = await Promise.all([1201, 1202].map(async (id) => ({ id, sku: await skuOf(id) })));
    await Promise.all([setStock(a!.id, 5), setStock(b!.id, 5)]);
    const orderMeanwhile = changingBeforeFirstBatch(() => setStock(a!.id, 4));
    const answer = await owner.request("POST", "/admin/stock.csv", upload(`sku,stock\n${a!.sku},9\n${b!.sku},9\n`), {}, orderMeanwhile);
    expect(reportOf(answer.text)).toEqual([
      `line 2: ${a!.sku} changed while importing (an order?), skipped: please import it again`,
      `line 3: ${b!.sku} 5 -> 9`,
    ]);
    expect([await stockOf(a!.id), await stockOf(b!.id)]).toEqual([4, 9]);
    expect(await stockAudit(a!.sku)).toEqual([]);
    expect(await stockAudit(b!.sku)).toEqual([{ action: "stock.update", detail: "stock 5 -> 9", address: owner.address }]);
  });

  it("what the export downloads imports again unchanged: every line 'unchanged'", async () => {
    const owner = await Owner.signedIn();
    const exported = (await owner.get("/admin/stock.csv")).text;
    const answer = await importFile(owner, exported);
    const report = reportOf(answer.text);
    expect(report.length).toBeGreaterThan(60);
    for (const line of report) expect(line).toMatch(/^line \d+: RD-[A-Z0-9-]+ unchanged \((\d+|not counted)\)$/);
    expect(answer.text).toContain("Nothing was changed.");
  });

  it("a file without the header, with an unclosed quote, no file at all, or one that is not text is refused with a clear message and changes nothing", async () => {
    const owner = await Owner.signedIn();
    const before = await stockOf(TANK_M_BLACK.id);
    const cases: [string | Uint8Array<ArrayBuffer> | undefined, string, number][] = [
      [`${TANK_M_BLACK.sku},99\n`, "The file&#39;s first line must be its header, naming the columns sku and stock", 400],
      [`sku,quantity\n${TANK_M_BLACK.sku},99\n`, "The file&#39;s first line must be its header", 400],
      [`sku,stock\n"${TANK_M_BLACK.sku},99\n`, "This file is not a CSV file we can read. Line 2: a quoted field is never closed.", 400],
      ["", "Please choose a CSV file to import.", 400],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]), "This file is not a CSV file: it is not text (UTF-8).", 400],
      [`sku,stock\n${TANK_M_BLACK.sku},9\0\n`, "This file is not a CSV file: it is not text (UTF-8).", 400],
    ];
    for (const [content, message, status] of cases) {
      const answer = await importFile(owner, content ?? "");
      expect(answer.status, message).toBe(status);
      expect(answer.text).toContain(message);
    }
    // A post that is no upload at all: a plain form, and a JSON body.
    const plain = await owner.post("/admin/stock.csv", { file: `sku,stock\n${TANK_M_BLACK.sku},99` });
    expect(plain.status).toBe(400);
    expect(plain.text).toContain("Please choose a CSV file to import.");
    const json = await owner.request("POST", "/admin/stock.csv", JSON.stringify({ sku: TANK_M_BLACK.sku, stock: 99 }), { "Content-Type": "application/json" });
    expect(json.status).toBe(400);
    expect(json.text).toContain("Please choose a CSV file to import.");
    expect(await stockOf(TANK_M_BLACK.id)).toBe(before);
  });

  it("a stock file over 256 KiB is refused (413) with a clear message and changes nothing; every other post keeps the shop's 16 KiB limit", async () => {
    const owner = await Owner.signedIn();
    const before = await stockOf(TANK_M_BLACK.id);
    const big = `sku,stock\n${TANK_M_BLACK.sku},99\n${"RD-NOPE,1\n".repeat(27_000)}`;
    const answer = await importFile(owner, big);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("This file is too large: a stock file can be at most 256 KiB (about 4,000 lines). Please import it in parts.");
    expect(await stockOf(TANK_M_BLACK.id)).toBe(before);
    // Just under the limit is read (the unknown SKUs reported), and the rest of the back office still refuses 17 KiB.
    const fits = await importFile(owner, `sku,stock\n${"RD-NOPE,1\n".repeat(20_000)}`);
    expect(fits.status).toBe(200);
    expect(reportOf(fits.text)).toHaveLength(20_000);
    const tooBig = await owner.post(`/admin/stock/${TANK_M_BLACK.id}`, { stock: "9", was: String(before), padding: "x".repeat(17 * 1024) });
    expect(tooBig.status).toBe(413);
  });
});

describe("the stock file's upload stands on the shop's edge", () => {
  it("a cross-site upload is refused (403) like every cross-site post, and changes nothing", async () => {
    const owner = await Owner.signedIn();
    const before = await stockOf(TANK_M_BLACK.id);
    const file = upload(`sku,stock\n${TANK_M_BLACK.sku},77\n`);
    expect((await owner.request("POST", "/admin/stock.csv", file, { Origin: "https://evil.test" })).status).toBe(403);
    expect((await owner.request("POST", "/admin/stock.csv", file, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect(await stockOf(TANK_M_BLACK.id)).toBe(before);
  });
});

describe("the CSV reader (workers/admin/csv.ts parseCsv)", () => {
  it("reads quoted fields, doubled quotes, line breaks inside quotes, CRLF and LF, a BOM; skips blank lines but counts them", () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n\n"multi\r\nline",z\r\n,\n')).toEqual({
      records: [
        { line: 1, fields: ["a", "b"] },
        { line: 2, fields: ["x, y", 'say "hi"'] },
        { line: 4, fields: ["multi\r\nline", "z"] },
        { line: 6, fields: ["", ""] },
      ],
    });
    expect(parseCsv("a,b")).toEqual({ records: [{ line: 1, fields: ["a", "b"] }] });
    expect(parseCsv('""')).toEqual({ records: [{ line: 1, fields: [""] }] });
    expect(parseCsv("")).toEqual({ records: [] });
    expect(parseCsv('a\n"open')).toEqual({ error: "Line 2: a quoted field is never closed." });
  });
});

describe("the low-stock list on the Overview", () => {
  it("lists counted variants with 5 or fewer left, sold out first, each linking to its edit; more than 5 and 'not counted' are not listed", async () => {
    const owner = await Owner.signedIn();
    const [five, six] = await Promise.all([1114, 1115].map(async (id) => ({ id, sku: await skuOf(id) })));
    await Promise.all([setStock(five!.id, 5), setStock(six!.id, 6), setStock(TANK_M_BLACK.id, 3), setStock(TANK_XS_PINK.id, 0)]);
    const page = await owner.get("/admin");
    expect(page.status).toBe(200);
    const section = page.text.slice(page.text.indexOf("<h2>Low stock</h2>"), page.text.indexOf("<h2>Emails</h2>"));
    const listed = [...section.matchAll(/<a href="\/admin\/stock\/(\d+)">([^<]+)<\/a>/g)].map((m) => [Number(m[1]), m[2]]);
    const expected = (
      await env.DB.prepare("SELECT id, sku FROM variants WHERE stock <= 5 ORDER BY stock, product_id, position, id").all<{ id: number; sku: string }>()
    ).results.map((v) => [v.id, v.sku]);
    expect(listed).toEqual(expected);
    expect(listed[0]).toEqual([TANK_XS_PINK.id, TANK_XS_PINK.sku]);
    expect(listed).toContainEqual([TANK_M_BLACK.id, TANK_M_BLACK.sku]);
    expect(listed).toContainEqual([five!.id, five!.sku]);
    expect(listed).not.toContainEqual([six!.id, six!.sku]);
    expect(section).toContain("<strong>Sold out</strong>");
  });
});

describe("cancelling an order returns its stock", () => {
  const checkoutForm = () => ({
    email: `${unique("buyer")}@example.com`,
    ...SHIPPING_ADDRESS,
    cardholderName: "Jane Q. Cardholder",
    checkoutKey: crypto.randomUUID(),
  });

  /** A shopper's placed order of `quantity` tanks in black, size M, through the shop's own checkout. */
  async function orderTanks(quantity: number) {
    const shopper = new Visitor();
    const added = await shopper.post("/api/cart", { productId: TANK, quantity, variantId: TANK_M_BLACK.id });
    expect(added.status, added.text).toBe(200);
    return shopOf(shopper).checkout.placeOrder(checkoutForm());
  }

  const statusOf = async (orderId: string) => (await row<{ status: string }>("SELECT status FROM orders WHERE ? IN (id, number)", orderId))!.status;

  it("an order of 2 black M tanks takes 3 -> 1; cancelling it (with a reason) gives back 3, audited; cancelling again is refused and returns nothing twice", async () => {
    const owner = await Owner.signedIn();
    await setStock(TANK_M_BLACK.id, 3);
    const order = await orderTanks(2);
    expect(await stockOf(TANK_M_BLACK.id)).toBe(1);
    const page = await owner.get(`/admin/orders/${order.number}`);
    expect(page.text).toContain(`<form method="post" action="/admin/orders/${order.number}/cancel" class="panel">`);
    expect(page.text).toContain("Cancel order</button>");

    const cancelled = await owner.post(`/admin/orders/${order.number}/cancel`, { reason: "Customer asked by phone" });
    expect(cancelled.status, cancelled.text).toBe(303);
    expect(cancelled.location).toBe(`/admin/orders/${order.number}?done=cancelled`);
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await stockOf(TANK_M_BLACK.id)).toBe(3);
    expect(await auditOf(`order ${order.number}`)).toEqual([
      { action: "order.cancel", detail: `reason "Customer asked by phone"; stock returned: 2 x ${TANK_M_BLACK.sku}`, address: owner.address },
    ]);
    const after = await owner.get(`/admin/orders/${order.number}`);
    expect(after.text).toContain("<dd>Cancelled</dd>");
    expect(after.text).not.toContain("Cancel order</button>");

    const again = await owner.post(`/admin/orders/${order.number}/cancel`, { reason: "Twice" });
    expect(again.status).toBe(409);
    expect(again.text).toContain("This order is cancelled already.");
    expect(await stockOf(TANK_M_BLACK.id)).toBe(3);
    expect(await auditOf(`order ${order.number}`)).toHaveLength(1);
  });

  it("two cancels of one order at once: one wins, the stock comes back once, one audit entry", async () => {
    const owner = await Owner.signedIn();
    await setStock(TANK_M_BLACK.id, 3);
    const order = await orderTanks(1);
    expect(await stockOf(TANK_M_BLACK.id)).toBe(2);
    const answers = await Promise.all([1, 2, 3].map((n) => owner.post(`/admin/orders/${order.number}/cancel`, { reason: `Attempt ${n}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409, 409]);
    expect(await stockOf(TANK_M_BLACK.id)).toBe(3);
    expect(await auditOf(`order ${order.number}`)).toHaveLength(1);
  });

  it("a payment intent cannot be cancelled; a cancel without a reason is refused beside the field; an unknown order is a 404; nothing changes", async () => {
    const owner = await Owner.signedIn();
    const shopper = new Visitor();
    await shopper.post("/api/cart", { productId: TANK, quantity: 1, variantId: TANK_M_BLACK.id });
    const intent = await shopOf(shopper).checkout.createPaymentIntent(`${unique("intent")}@example.com`);
    const stock = await stockOf(TANK_M_BLACK.id);
    const refused = await owner.post(`/admin/orders/${intent.id}/cancel`, { reason: "Not wanted" });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("A payment intent is no order: only a placed order can be cancelled.");
    expect(await statusOf(intent.id)).toBe("intent");
    expect((await owner.get(`/admin/orders/${intent.id}`)).text).not.toContain("Cancel order</button>");

    const order = await orderTanks(1);
    const noReason = await owner.post(`/admin/orders/${order.number}/cancel`, { reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain("Please give the reason for cancelling (at least 3 characters).");
    expect(await statusOf(order.id)).toBe("placed");
    expect(await stockOf(TANK_M_BLACK.id)).toBe(stock! - 1);
    expect((await owner.post("/admin/orders/ord_nope/cancel", { reason: "Not there" })).status).toBe(404);
    expect(await stockOf(TANK_M_BLACK.id)).toBe(stock! - 1);
  });

  it("a cancelled order's download links stop working (its grants are gone); a line whose stock is not counted returns nothing", async () => {
    const owner = await Owner.signedIn();
    const single = (await row<{ id: number; product_id: number }>(
      "SELECT v.id, v.product_id FROM variants v JOIN products p ON p.id = v.product_id WHERE p.digital = 1",
    ))!;
    const shopper = new Visitor();
    expect((await shopper.post("/api/cart", { productId: single.product_id, quantity: 1 })).status).toBe(200);
    const order = await shopOf(shopper).checkout.placeOrder({
      email: `${unique("fan")}@example.com`,
      cardholderName: "Jane Q. Cardholder",
      checkoutKey: crypto.randomUUID(),
    });
    expect(order.downloads).toHaveLength(1);
    const grants = () => row<{ count: number }>("SELECT count(*) AS count FROM download_grants WHERE order_id = ?", order.id);
    expect((await grants())!.count).toBe(1);
    expect((await owner.post(`/admin/orders/${order.number}/cancel`, { reason: "Paid twice" })).status).toBe(303);
    expect((await grants())!.count).toBe(0);
    expect(await stockOf(single.id)).toBeNull();
    expect((await auditOf(`order ${order.number}`))[0]?.detail).toBe('reason "Paid twice"; stock returned: none counted');
  });
});
