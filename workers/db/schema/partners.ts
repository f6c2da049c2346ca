/**
 * Partners (docs/decisions/0026): the partners, their links' clicks, their ledger, payouts
 * and sign-ins.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { orders } from "./orders";
import { discountCodes } from "./discount-codes";

export const PARTNER_PROGRAMMES = ["affiliate", "creator"] as const;
export type PartnerProgramme = (typeof PARTNER_PROGRAMMES)[number];
export const PARTNER_STATUSES = ["active", "paused"] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/**
 * An affiliate or creator the owner approved (docs/decisions/0026): their referral link is
 * `/r/<handle>`, their personal code a `discount_codes` row of source `partner`. A paused
 * partner's link and code attribute nothing.
 */
export const partners = sqliteTable(
  "partners",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Lower case letters, digits and hyphens: the link's `/r/<handle>`. */
    handle: text("handle").notNull(),
    programme: text("programme", { enum: PARTNER_PROGRAMMES }).notNull(),
    /** The application approved (in the programme's table). */
    applicationId: integer("application_id").notNull(),
    name: text("name").notNull(),
    /** Lower case: where sign-in links and payout emails go; orders placed with it earn nothing. */
    email: text("email").notNull(),
    status: text("status", { enum: PARTNER_STATUSES }).notNull().default("active"),
    /** Their personal code. */
    codeId: integer("code_id").references(() => discountCodes.id),
    /** How they are paid (the creator application's method; an affiliate gives theirs on their page); null until given. */
    payoutMethod: text("payout_method", { enum: ["paypal", "bank", "crypto"] }),
    /** The account to pay, as given: shown to the owner only masked, whole only in the payment run's CSV. */
    payoutDetails: text("payout_details"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("partners_handle_unique").on(t.handle),
    uniqueIndex("partners_email_unique").on(t.email),
    uniqueIndex("partners_application_unique").on(t.programme, t.applicationId),
  ],
);

/** Clicks on a partner's link, counted per UTC day: no cookie, address or agent is kept. */
export const partnerClicks = sqliteTable(
  "partner_clicks",
  {
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    day: text("day").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day] })],
);

/**
 * The partner's ledger: one entry per attributed order (its commission, C(after) − C(before)
 * of their cumulative net sales, docs/decisions/0026), and adjustments when a cancel changes
 * what paid entries should have been. `pending` until the order is delivered, then `payable`;
 * `paid` once in a payout marked paid; a cancelled order's entry is `void`.
 */
export const LEDGER_STATUSES = ["pending", "payable", "paid", "void"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

export const partnerLedger = sqliteTable(
  "partner_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    /** The order it is for; null for an adjustment. */
    orderId: text("order_id").references(() => orders.id),
    /** The order's net sales (cents): subtotal after bundle savings and codes, before tax and shipping. */
    netSales: integer("net_sales").notNull().default(0),
    /** Cents (an adjustment may be negative). */
    commission: integer("commission").notNull(),
    status: text("status", { enum: LEDGER_STATUSES }).notNull(),
    payoutId: integer("payout_id"),
    createdAt: createdAt(),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`CURRENT_TIMESTAMP`),
  },
  (t) => [uniqueIndex("partner_ledger_order_unique").on(t.orderId), index("partner_ledger_partner_idx").on(t.partnerId, t.status)],
);

/** A payout drafted on the 15th for a payable balance of $50 or more; `paid` once the owner marks it so. */
export const PAYOUT_STATUSES = ["due", "paid"] as const;
export const partnerPayouts = sqliteTable(
  "partner_payouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    /** The run's date, `YYYY-MM-15`: one payout per partner and run. */
    runDate: text("run_date").notNull(),
    amount: integer("amount").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("due"),
    createdAt: createdAt(),
    paidAt: text("paid_at"),
  },
  (t) => [uniqueIndex("partner_payouts_run_unique").on(t.partnerId, t.runDate)],
);

/**
 * A partner's sign-in in progress: a one-time link and a 6-digit code, emailed, kept only as
 * hashes, single use, valid 15 minutes (docs/decisions/0026). `attempts` counts wrong codes.
 */
export const partnerSignIns = sqliteTable(
  "partner_sign_ins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    linkHash: text("link_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("partner_sign_ins_link_unique").on(t.linkHash), index("partner_sign_ins_partner_idx").on(t.partnerId)],
);
