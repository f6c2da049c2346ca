/**
 * Discount codes in the back office (issue 33): the owner creates, edits, pauses and deletes
 * codes with the shop's rules, every change audited; the list, the orders, their CSV and the
 * insights show what each code brought; the newsletter welcome code's percent is set here.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newOrderNumber } from "../../app/shared/orders";
import { createDatabase } from "../../workers/db/client";
import {
  AMOUNT_MESSAGE,
  CODE_MESSAGE,
  ENDS_BEFORE_MESSAGE,
  ENDS_MESSAGE,
  MAX_USES_MESSAGE,
  MINIMUM_MESSAGE,
  PER_EMAIL_MESSAGE,
  PERCENT_MESSAGE,
  PRODUCTS_MESSAGE,
  STARTS_MESSAGE,
  STATUS_MESSAGE,
  KIND_MESSAGE,
  WELCOME_MESSAGE,
} from "../../workers/shop/backoffice/code-form";
import { codeTakenMessage, usedCodeMessage, welcomeCodePercent } from "../../workers/shop/backoffice/codes";
import { unique } from "./helpers";
import { asHtml, auditOf, Owner, row } from "./owner";
import type { CodeRow } from "./discount-codes";

const codeRow = (code: string) => row<CodeRow>("SELECT * FROM discount_codes WHERE code = ?", code);

/** A fresh code's text (letters, digits, hyphens, at most 24). */
const freshCode = (prefix = "T") => `${prefix}-${crypto.randomUUID().slice(0, 8)}`.toUpperCase();

/** The create form's fields, a valid percent code unless overridden. */
const fields = (overrides: Record<string, string> = {}) => ({ code: freshCode(), kind: "percent", percent: "10", status: "active", ...overrides });

/** Posts `form` (pairs, so a name may repeat, as ticked checkboxes post it). */
const postPairs = (owner: Owner, path: string, pairs: [string, string][]) => owner.request("POST", path, new URLSearchParams(pairs).toString());

async function createCode(owner: Owner, overrides: Record<string, string> = {}) {
  const form = fields(overrides);
  const answer = await owner.post("/admin/codes", form);
  expect(answer.status, answer.text).toBe(303);
  return (await codeRow(form.code.toUpperCase()))!;
}

/** An order stored as checkout stores one with a code: subtotal $50.97, `discount` off, and the code's use. */
async function storeOrder({ code, discount, status = "placed", createdAt }: { code: CodeRow | null; discount: number; status?: string; createdAt?: string }) {
  const id = `ord_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
  const number = newOrderNumber();
  const email = `${unique("shopper")}@example.com`;
  const subtotal = 2 * 1299 + 2499;
  const tax = Math.floor(((subtotal - discount) * 8 + 50) / 100);
  const address = {
    firstName: "Riley",
    lastName: "Shopper",
    address: "1 Main Street",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    country: "United States",
  };
  const statements = [
    env.DB.prepare(
      `INSERT INTO orders (id, number, session_id, status, email, shipping_address, subtotal, bundle_savings, discount_code, discount, tax, shipping, total, created_at)
       VALUES (?, ?, 'test', ?, ?, ?, ?, 0, ?, ?, ?, 0, ?, coalesce(?, CURRENT_TIMESTAMP))`,
    ).bind(id, number, status, email, JSON.stringify(address), subtotal, code?.code ?? null, discount, tax, subtotal - discount + tax, createdAt ?? null),
    env.DB.prepare(
      "INSERT INTO order_lines (order_id, product_id, name, unit_price, quantity, line_total, discount) VALUES (?, 1, 'Plain Jane', 1299, 2, 2598, ?), (?, 2, 'Tropical Slush', 2499, 1, 2499, ?)",
    ).bind(id, Math.floor(discount / 2), id, discount - Math.floor(discount / 2)),
  ];
  if (code && status !== "cancelled" && status !== "intent") {
    statements.push(env.DB.prepare("UPDATE discount_codes SET uses = uses + 1 WHERE id = ?").bind(code.id));
    statements.push(env.DB.prepare("INSERT INTO discount_code_uses (code_id, order_id, email, email_seq) VALUES (?, ?, ?, 1)").bind(code.id, id, email));
  }
  await env.DB.batch(statements);
  return { id, number, subtotal, tax };
}

describe("creating a code", () => {
  it("every invalid field is refused beside it in the shop's words, keeps what was typed, and creates nothing", async () => {
    const owner = await Owner.signedIn();
    const cases: [Record<string, string>, string, string][] = [
      [{ code: "" }, "code", CODE_MESSAGE],
      [{ code: "AB" }, "code", CODE_MESSAGE],
      [{ code: "X".repeat(25) }, "code", CODE_MESSAGE],
      [{ code: "SAVE 10" }, "code", CODE_MESSAGE],
      [{ code: "SAVE_10!" }, "code", CODE_MESSAGE],
      [{ kind: "" }, "kind", KIND_MESSAGE],
      [{ kind: "free" }, "kind", KIND_MESSAGE],
      [{ percent: "" }, "percent", PERCENT_MESSAGE],
      [{ percent: "0" }, "percent", PERCENT_MESSAGE],
      [{ percent: "101" }, "percent", PERCENT_MESSAGE],
      [{ percent: "12.5" }, "percent", PERCENT_MESSAGE],
      [{ kind: "amount", amount: "" }, "amount", AMOUNT_MESSAGE],
      [{ kind: "amount", amount: "0" }, "amount", AMOUNT_MESSAGE],
      [{ kind: "amount", amount: "5.999" }, "amount", AMOUNT_MESSAGE],
      [{ kind: "amount", amount: "10000.01" }, "amount", AMOUNT_MESSAGE],
      [{ minimum: "ten" }, "minimum", MINIMUM_MESSAGE],
      [{ startsAt: "tomorrow" }, "startsAt", STARTS_MESSAGE],
      [{ startsAt: "2026-02-30T10:00" }, "startsAt", STARTS_MESSAGE],
      [{ endsAt: "2026-13-01" }, "endsAt", ENDS_MESSAGE],
      [{ startsAt: "2026-12-02T00:00", endsAt: "2026-12-01T23:59" }, "endsAt", ENDS_BEFORE_MESSAGE],
      [{ maxUses: "0" }, "maxUses", MAX_USES_MESSAGE],
      [{ maxUses: "-3" }, "maxUses", MAX_USES_MESSAGE],
      [{ maxUsesPerEmail: "1.5" }, "maxUsesPerEmail", PER_EMAIL_MESSAGE],
      [{ products: "plain" }, "products", PRODUCTS_MESSAGE],
      [{ status: "deleted" }, "status", STATUS_MESSAGE],
    ];
    for (const [overrides, field, message] of cases) {
      const form = fields({ code: "KEEP-ME", ...overrides });
      const answer = await owner.post("/admin/codes", form);
      expect(answer.status, `${field}: ${message}`).toBe(400);
      expect(answer.text).toContain(`<p class="error" id="${field}-error">${asHtml(message)}</p>`);
      // Said at the top too, where a phone shows it, with a link down to the fields.
      expect(answer.text).toContain('The code was not created: <a href="#new-code">');
      // What was typed is shown again.
      if (form.code) expect(answer.text).toContain(`value="${asHtml(form.code)}"`);
    }
    const { n } = (await row<{ n: number }>("SELECT count(*) AS n FROM discount_codes WHERE upper(code) IN ('KEEP-ME', 'AB', 'SAVE10')"))!;
    expect(n).toBe(0);
    expect(await auditOf("code KEEP-ME")).toEqual([]);
  });

  it("a product no longer in the catalog is refused beside the products, with the ticks kept", async () => {
    const owner = await Owner.signedIn();
    const code = freshCode();
    const answer = await postPairs(owner, "/admin/codes", [...Object.entries(fields({ code })), ["products", "1"], ["products", "999999"]]);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("One of the products chosen is no longer in the catalog.");
    expect(answer.text).toMatch(/value="1" checked/);
    expect(await codeRow(code)).toBeNull();
  });

  it("stores the code upper case, amounts in cents, times as ISO-8601 UTC, the products chosen; the audit trail records it", async () => {
    const owner = await Owner.signedIn();
    const code = `wknd-${crypto.randomUUID().slice(0, 6)}`;
    const answer = await postPairs(owner, "/admin/codes", [
      ["code", ` ${code} `],
      ["kind", "amount"],
      ["percent", "ignored"],
      ["amount", "$5.50"],
      ["minimum", "25"],
      ["startsAt", "2026-12-01T09:00"],
      ["endsAt", "2026-12-31 23:59"],
      ["maxUses", "100"],
      ["maxUsesPerEmail", "1"],
      ["products", "2"],
      ["products", "1"],
      ["status", "paused"],
    ]);
    expect(answer.status, answer.text).toBe(303);
    expect(answer.location).toBe("/admin/codes?done=code-created");
    const stored = (await codeRow(code.toUpperCase()))!;
    expect(stored).toMatchObject({
      kind: "amount",
      value: 550,
      min_subtotal: 2500,
      starts_at: "2026-12-01T09:00:00.000Z",
      ends_at: "2026-12-31T23:59:00.000Z",
      max_uses: 100,
      max_uses_per_email: 1,
      uses: 0,
      product_ids: "[1,2]",
      status: "paused",
      source: "owner",
    });
    const [entry] = await auditOf(`code ${code.toUpperCase()}`);
    expect(entry).toMatchObject({ action: "code.create", address: owner.address });
    expect(entry!.detail).toBe(
      "$5.50 off; minimum $25.00; from 2026-12-01 09:00 UTC; until 2026-12-31 23:59 UTC; 100 uses; 1 per email; on Plain Jane, Tropical Slush; paused",
    );
    const list = await owner.get("/admin/codes");
    expect(list.text).toContain(code.toUpperCase());
    expect(list.text).toContain("<div>From 2026-12-01 09:00</div><div>Until 2026-12-31 23:59</div>");
  });

  it("codes are unique regardless of case: the second is refused beside the code, the first stays", async () => {
    const owner = await Owner.signedIn();
    const code = freshCode("SAVE");
    await createCode(owner, { code });
    const answer = await owner.post("/admin/codes", fields({ code: code.toLowerCase(), percent: "50" }));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(asHtml(codeTakenMessage(code)));
    expect(answer.text).toContain('value="50"');
    expect((await codeRow(code))!.value).toBe(10);
    expect((await auditOf(`code ${code}`)).map((entry) => entry.action)).toEqual(["code.create"]);
  });
});

describe("two tabs at once", () => {
  it("the same code created twice at once, in two cases: exactly one is created, with one audit entry", async () => {
    const owner = await Owner.signedIn();
    const code = freshCode("RACE");
    const answers = await Promise.all([
      owner.post("/admin/codes", fields({ code })),
      owner.post("/admin/codes", fields({ code: code.toLowerCase(), percent: "20" })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM discount_codes WHERE code = ?", code))!.n).toBe(1);
    expect((await auditOf(`code ${code}`)).map((entry) => entry.action)).toEqual(["code.create"]);
  });

  it("two edits at once never overwrite each other unrecorded: each saved edit is audited from what the code was before it", async () => {
    const owner = await Owner.signedIn();
    const code = await createCode(owner);
    const answers = await Promise.all(["20", "30"].map((percent) => owner.post(`/admin/codes/${code.id}`, { kind: "percent", percent, status: "active" })));
    const saved = answers.filter((answer) => answer.location?.endsWith("done=code-saved"));
    for (const answer of answers) if (!saved.includes(answer)) expect(answer.text).toContain("This code was changed while you were editing it.");
    const updates = (await auditOf(`code ${code.code}`)).filter((entry) => entry.action === "code.update").map((entry) => entry.detail);
    expect(updates).toHaveLength(saved.length);
    // The entries chain: each starts from what the one before left.
    let value = "10% off";
    for (const detail of updates) {
      expect(detail.startsWith(`${value} -> `)).toBe(true);
      value = detail.slice(`${value} -> `.length);
    }
    expect(`${(await codeRow(code.code))!.value}% off`).toBe(value);
  });
});

describe("changing a code", () => {
  it("an edit changes its terms, bumps updated_at and is audited field by field; nothing changed is no write", async () => {
    const owner = await Owner.signedIn();
    const before = await createCode(owner);
    const unchanged = await owner.post(`/admin/codes/${before.id}`, { kind: "percent", percent: "10", status: "active" });
    expect(unchanged.location).toBe(`/admin/codes/${before.id}?done=unchanged`);
    const answer = await postPairs(owner, `/admin/codes/${before.id}`, [
      ["kind", "percent"],
      ["percent", "15"],
      ["endsAt", "2027-01-01"],
      ["products", "1"],
      ["status", "active"],
    ]);
    expect(answer.location).toBe(`/admin/codes/${before.id}?done=code-saved`);
    const after = (await codeRow(before.code))!;
    expect(after).toMatchObject({ value: 15, ends_at: "2027-01-01T00:00:00.000Z", product_ids: "[1]" });
    expect(after.updated_at).not.toBe(before.updated_at);
    expect((await auditOf(`code ${before.code}`)).at(-1)).toMatchObject({
      action: "code.update",
      detail: "10% off -> 15% off; end none -> 2027-01-01 00:00 UTC; products every product -> Plain Jane",
    });
    // Twice in a row, within a millisecond or not: updated_at always moves on.
    await owner.post(`/admin/codes/${before.id}`, { kind: "percent", percent: "16", status: "active", endsAt: "2027-01-01", products: "1" });
    expect((await codeRow(before.code))!.updated_at > after.updated_at).toBe(true);
  });

  it("an invalid edit is refused beside its field and keeps what was typed; a limit below the uses taken is refused", async () => {
    const owner = await Owner.signedIn();
    const code = await createCode(owner);
    const bad = await owner.post(`/admin/codes/${code.id}`, { kind: "amount", amount: "lots", status: "active" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(asHtml(AMOUNT_MESSAGE));
    expect(bad.text).toContain('value="lots"');
    await storeOrder({ code, discount: 510 });
    await storeOrder({ code, discount: 510 });
    const low = await owner.post(`/admin/codes/${code.id}`, { kind: "percent", percent: "10", maxUses: "1", status: "active" });
    expect(low.status).toBe(400);
    expect(low.text).toContain(`${code.code} has been used 2 times: its limit cannot be lower than that.`);
    expect((await codeRow(code.code))!.max_uses).toBeNull();
  });

  it("pause and resume are audited and bump updated_at; doing it twice is one change", async () => {
    const owner = await Owner.signedIn();
    const code = await createCode(owner);
    expect((await owner.post(`/admin/codes/${code.id}/pause`)).location).toBe(`/admin/codes/${code.id}?done=code-paused`);
    expect((await owner.post(`/admin/codes/${code.id}/pause`)).location).toBe(`/admin/codes/${code.id}?done=unchanged`);
    const paused = (await codeRow(code.code))!;
    expect(paused.status).toBe("paused");
    expect(paused.updated_at).not.toBe(code.updated_at);
    expect((await owner.post(`/admin/codes/${code.id}/resume`)).location).toBe(`/admin/codes/${code.id}?done=code-resumed`);
    expect((await codeRow(code.code))!.status).toBe("active");
    expect((await auditOf(`code ${code.code}`)).map((entry) => entry.action)).toEqual(["code.create", "code.pause", "code.resume"]);
  });

  it("a code never used can be deleted (audited); a used one is refused, even when its only order was cancelled", async () => {
    const owner = await Owner.signedIn();
    const unused = await createCode(owner);
    const page = await owner.get(`/admin/codes/${unused.id}`);
    expect(page.text).toContain("Delete the code");
    expect((await owner.post(`/admin/codes/${unused.id}/delete`)).location).toBe("/admin/codes?done=code-deleted");
    expect(await codeRow(unused.code)).toBeNull();
    expect((await auditOf(`code ${unused.code}`)).map((entry) => entry.action)).toEqual(["code.create", "code.delete"]);
    expect((await owner.get(`/admin/codes/${unused.id}`)).status).toBe(404);

    const used = await createCode(owner);
    await storeOrder({ code: used, discount: 510, status: "cancelled" });
    expect((await owner.get(`/admin/codes/${used.id}`)).text).not.toContain("Delete the code");
    const refused = await owner.post(`/admin/codes/${used.id}/delete`);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(asHtml(usedCodeMessage(used.code)));
    expect(await codeRow(used.code)).not.toBeNull();
    expect((await auditOf(`code ${used.code}`)).map((entry) => entry.action)).toEqual(["code.create"]);
  });
});

describe("what codes bring", () => {
  it("the list shows each code's uses, orders, net sales and discount, leaving cancelled orders and intents out", async () => {
    const owner = await Owner.signedIn();
    const code = await createCode(owner);
    const other = await createCode(owner);
    await storeOrder({ code, discount: 510 });
    await storeOrder({ code, discount: 510, status: "shipped" });
    await storeOrder({ code, discount: 510, status: "cancelled" });
    await storeOrder({ code, discount: 510, status: "intent" });
    await storeOrder({ code: other, discount: 300 });
    const list = await owner.get("/admin/codes");
    const cells = list.text.match(new RegExp(`<tr data-code="${code.code}">[\\s\\S]*?</tr>`))?.[0] ?? "";
    // 2 uses; 2 orders; net sales 2 x (50.97 - 5.10) = 91.74; discount 10.20.
    expect(cells).toContain('<td class="num">2</td>');
    expect(cells).toContain(`<a href="/admin/orders?code=${code.code}">2</a>`);
    expect(cells).toContain("$91.74");
    expect(cells).toContain("−$10.20");
    expect(cells).toContain("10% off");
    expect(cells).toContain("Active");
    const page = await owner.get(`/admin/codes/${code.id}`);
    expect(page.text).toContain("<dt>Orders (not cancelled)</dt><dd>2</dd><dt>Net sales</dt><dd>$91.74</dd><dt>Discount given</dt><dd>−$10.20</dd>");
  });

  it("the list is by source: a newsletter welcome code is under its own tab with the address it is bound to", async () => {
    const owner = await Owner.signedIn();
    const code = freshCode("WELCOME");
    const email = `${unique("reader")}@example.com`;
    await env.DB.prepare(
      "INSERT INTO discount_codes (code, kind, value, max_uses, max_uses_per_email, source, email) VALUES (?, 'percent', 10, 1, 1, 'newsletter', ?)",
    )
      .bind(code, email)
      .run();
    expect((await owner.get("/admin/codes")).text).not.toContain(code);
    const tab = await owner.get("/admin/codes?source=newsletter");
    expect(tab.text).toMatch(new RegExp(`${code}</a><div class="muted">${email}</div>`));
    expect(tab.text).toContain('aria-current="page">Newsletter welcome codes</a>');
  });

  it("orders are filtered by code; each row shows its code; the order page shows the discount row and each line's share", async () => {
    const owner = await Owner.signedIn();
    const code = await createCode(owner);
    const withCode = await storeOrder({ code, discount: 260 });
    const without = await storeOrder({ code: null, discount: 0 });
    const all = await owner.get("/admin/orders?status=placed");
    expect(all.text).toContain(withCode.number);
    expect(all.text).toContain(without.number);
    const filtered = await owner.get(`/admin/orders?status=placed&code=${code.code.toLowerCase()}`);
    expect(filtered.status).toBe(200);
    expect(filtered.text).toContain(withCode.number);
    expect(filtered.text).not.toContain(without.number);
    expect(filtered.text).toContain(`<td class="nowrap">${code.code}</td>`);
    const page = await owner.get(`/admin/orders/${withCode.number}`);
    expect(page.text).toContain(`Discount (${code.code})`);
    expect(page.text).toContain("−$2.60");
    expect(page.text).toContain("−$1.30");
    const badFilter = await owner.get("/admin/orders?code=no%20such!");
    expect(badFilter.status).toBe(400);
  });

  it("the orders CSV has discount_code and discount columns", async () => {
    const owner = await Owner.signedIn();
    const code = await createCode(owner);
    const order = await storeOrder({ code, discount: 260, createdAt: "2003-05-06 10:00:00" });
    const answer = await owner.get("/admin/orders.csv?status=placed&from=2003-05-06&to=2003-05-06");
    const lines = answer.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "order,time_utc,status,email,first_name,last_name,address,city,state,zip_code,country,items,subtotal,savings,discount_code,discount,tax,shipping,total",
    );
    expect(lines[1]).toContain(`${order.number},`);
    expect(lines[1]).toContain(`,50.97,0.00,${code.code},2.60,${(order.tax / 100).toFixed(2)},0.00,`);
  });

  it("insights show orders, net sales and discount per code for the period", async () => {
    const owner = await Owner.signedIn();
    const code = await createCode(owner);
    await storeOrder({ code, discount: 510 });
    await storeOrder({ code, discount: 510 });
    await storeOrder({ code, discount: 510, status: "cancelled" });
    await storeOrder({ code, discount: 510, createdAt: "2001-01-01 00:00:00" });
    const insights = await owner.get("/admin/insights?days=7");
    expect(insights.status).toBe(200);
    const cells = insights.text.match(new RegExp(`<tr>\\s*<td>${code.code}</td>[\\s\\S]*?</tr>`))?.[0] ?? "";
    expect(cells).toContain('<td class="num">2</td>');
    expect(cells).toContain("$91.74");
    expect(cells).toContain("−$10.20");
  });
});

describe("the newsletter welcome code", () => {
  it("is 10% until set; the owner changes it or turns it off (0), audited; bad input is refused in words", async () => {
    const owner = await Owner.signedIn();
    const db = createDatabase(env.DB);
    expect(await welcomeCodePercent({ db })).toBe(10);
    expect((await owner.get("/admin/codes")).text).toContain('name="percent" inputmode="numeric" value="10"');
    for (const typed of ["", "-1", "101", "7.5", "ten"]) {
      const answer = await owner.post("/admin/welcome-code", { percent: typed });
      expect(answer.status, typed).toBe(400);
      expect(answer.text).toContain(asHtml(WELCOME_MESSAGE));
    }
    expect((await owner.post("/admin/welcome-code", { percent: "15" })).location).toBe("/admin/codes?done=welcome-saved");
    expect(await welcomeCodePercent({ db })).toBe(15);
    expect((await owner.post("/admin/welcome-code", { percent: "15" })).location).toBe("/admin/codes?done=unchanged");
    expect((await owner.post("/admin/welcome-code", { percent: "0" })).location).toBe("/admin/codes?done=welcome-off");
    expect(await welcomeCodePercent({ db })).toBe(0);
    expect(await row("SELECT value FROM shop_settings WHERE key = 'welcome_code_percent'")).toEqual({ value: "0" });
    expect(await auditOf("newsletter welcome code")).toMatchObject([
      { action: "code.welcome", detail: "10% -> 15%" },
      { action: "code.welcome", detail: "15% -> off" },
    ]);
  });
});
