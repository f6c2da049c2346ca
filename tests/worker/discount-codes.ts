/** Discount codes for the worker tests that need one: straight into D1, as the owner's /admin would make it. */
import { env } from "cloudflare:workers";
import { createDatabase } from "../../workers/db/client";
import * as t from "../../workers/db/schema";

type CodeFields = Partial<typeof t.discountCodes.$inferInsert>;

/** A `discount_codes` row as SQL reads it back (snake case), for the tests that check what was stored. */
export type CodeRow = {
  id: number;
  code: string;
  kind: string;
  value: number;
  min_subtotal: number | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_email: number | null;
  uses: number;
  product_ids: string | null;
  status: string;
  source: string;
  email: string | null;
  updated_at: string;
};

/** A code of the owner's: 10% off every product unless `fields` say otherwise. */
export async function addCode(code: string, fields: CodeFields = {}) {
  await createDatabase(env.DB)
    .insert(t.discountCodes)
    .values({ code, kind: "percent", value: 10, ...fields });
}

/** A code of the owner's under a name no other test uses (`SAVE-1A2B3C4D`): its name. */
export async function newCode(fields: CodeFields = {}): Promise<string> {
  const code = `SAVE-${crypto.randomUUID().slice(0, 8)}`.toUpperCase();
  await addCode(code, fields);
  return code;
}
