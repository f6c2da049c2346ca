/**
 * What the partner test files share: a partner made as approval makes one (straight in D1),
 * orders attributed to them with chosen net sales, and the back office's deps for the shop's
 * own functions.
 */
import { env } from "cloudflare:workers";
import { newOrderNumber } from "../../app/shared/orders";
import { createDatabase } from "../../workers/db/client";
import type { BackOfficeDeps } from "../../workers/shop/backoffice/shared";
import type { EmailJob } from "../../workers/shop/emails/outbox";
import { newToken } from "../../workers/shop/tokens";

/** Letters only, as a name holds them: each call its own. */
export const letters = (n = 8) => [...crypto.getRandomValues(new Uint8Array(n))].map((b) => String.fromCharCode(97 + (b % 26))).join("");

export type TestPartner = { id: number; handle: string; code: string; email: string; name: string };

/** A partner as approval makes one: an active code of their own; `payout` their method and account. */
export async function makePartner({
  payout = null,
  status = "active",
}: { payout?: { method: string; details: string } | null; status?: "active" | "paused" } = {}): Promise<TestPartner> {
  const handle = `p-${letters()}`;
  const code = handle.slice(2).toUpperCase() + "10";
  const email = `${handle}@example.com`;
  const name = `Partner ${handle.slice(2)}`;
  const codeRow = await env.DB.prepare("INSERT INTO discount_codes (code, kind, value, source, status) VALUES (?, 'percent', 10, 'partner', ?) RETURNING id")
    .bind(code, status)
    .first<{ id: number }>();
  const row = await env.DB.prepare(
    "INSERT INTO partners (handle, programme, application_id, name, email, status, code_id, payout_method, payout_details) VALUES (?, 'affiliate', ?, ?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(handle, Math.floor(Math.random() * 1e9) + 1, name, email, status, codeRow!.id, payout?.method ?? null, payout?.details ?? null)
    .first<{ id: number }>();
  return { id: row!.id, handle, code, email, name };
}

/** An order attributed to `partnerId` whose net sales are `netSales` cents (its subtotal; no savings or code), in `status`. */
export async function attributedOrder(
  partnerId: number,
  netSales: number,
  status: "placed" | "delivered" | "cancelled" = "placed",
): Promise<{ id: string; number: string }> {
  const id = `ord_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
  const number = newOrderNumber();
  const tax = Math.floor((netSales * 8 + 50) / 100);
  await env.DB.prepare(
    `INSERT INTO orders (id, number, access_token, session_id, status, email, subtotal, bundle_savings, tax, shipping, total, partner_id, attribution, placed_at)
     VALUES (?, ?, ?, 'test', ?, 'buyer@example.com', ?, 0, ?, 0, ?, ?, 'link', strftime('%Y-%m-%d %H:%M:%f', 'now'))`,
  )
    .bind(id, number, newToken(), status, netSales, tax, netSales + tax, partnerId)
    .run();
  return { id, number };
}

/** The back office's deps, its outbox keeping the jobs it is handed. */
export function backOffice(): BackOfficeDeps & { jobs: EmailJob[] } {
  const jobs: EmailJob[] = [];
  return { db: createDatabase(env.DB), outbox: { enqueue: (job) => void jobs.push(job) }, address: "203.0.113.9", jobs };
}

/** A partner's ledger entries, oldest first. */
export const ledgerOf = async (partnerId: number) =>
  (
    await env.DB.prepare("SELECT order_id, net_sales, commission, status, payout_id FROM partner_ledger WHERE partner_id = ? ORDER BY id")
      .bind(partnerId)
      .all<{ order_id: string | null; net_sales: number; commission: number; status: string; payout_id: number | null }>()
  ).results;

/** A partner's payouts, by run date. */
export const payoutsOf = async (partnerId: number) =>
  (
    await env.DB.prepare("SELECT id, run_date, amount, status, paid_at FROM partner_payouts WHERE partner_id = ? ORDER BY run_date")
      .bind(partnerId)
      .all<{ id: number; run_date: string; amount: number; status: string; paid_at: string | null }>()
  ).results;
