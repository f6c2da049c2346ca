/**
 * The owner's sign-ins and sign-outs in the audit trail, which is also where failed sign-ins
 * are counted across all addresses (decision 0018). Each address has its own limit too (the
 * ADMIN_SIGNIN_LIMITER binding, workers/edge/rate-limits.ts); this one holds when many
 * addresses guess together.
 */
import { and, eq, sql } from "drizzle-orm";
import * as t from "../../db/schema";
import { auditWhen, changeInOrder, columnList, recordEvent, type BackOfficeDeps } from "./shared";

/** Failed sign-ins from all addresses within a minute past which every address waits. */
export const FAILED_SIGN_INS_PER_MINUTE = 20;

const SUBJECT = "back office";
const FAILED = "sign-in.failed";
const LIMITED = "sign-in.limited";

const a = t.auditLog;
const inTheLastMinute = sql`${a.createdAt} >= datetime('now', '-60 seconds')`;

/** A refusal is recorded once a minute per address: a guesser who keeps trying fills no page of the trail. */
const firstRefusalThisMinute = (address: string) =>
  sql`NOT EXISTS (SELECT 1 FROM ${a} WHERE ${inTheLastMinute} AND ${a.action} = ${LIMITED} AND ${a.address} = ${address})`;

/** Records a sign-in refused because its address tried too often. */
export async function recordLimitedSignIn(deps: BackOfficeDeps): Promise<void> {
  await changeInOrder(deps, [auditWhen(deps, firstRefusalThisMinute(deps.address), LIMITED, SUBJECT, "too many attempts from this address in a minute")]);
}

export type SignInAttempt = {
  /** The password was right: the attempt's entry becomes the sign-in's. */
  succeeded(): Promise<void>;
};

/**
 * A try at the password, or null while FAILED_SIGN_INS_PER_MINUTE failed sign-ins from all
 * addresses fill the last minute (the refusal is recorded, once a minute per address).
 *
 * The try is written to the audit trail as a failure before the password is compared, by the
 * statement that counts the failures: D1 runs one statement at a time, so guesses sent
 * together cannot all find room under the limit.
 */
export async function claimSignInAttempt(deps: BackOfficeDeps): Promise<SignInAttempt | null> {
  const { db, address } = deps;
  const failedLately = sql`(SELECT count(*) FROM ${a} WHERE ${inTheLastMinute} AND ${a.action} = ${FAILED})`;
  const [claim] = await changeInOrder(deps, [
    sql`INSERT INTO ${a} (${columnList(a.action, a.subject, a.address)})
        SELECT ${FAILED}, ${SUBJECT}, ${address} WHERE ${failedLately} < ${FAILED_SIGN_INS_PER_MINUTE}`,
    auditWhen(
      deps,
      sql`changes() = 0 AND ${firstRefusalThisMinute(address)}`,
      LIMITED,
      SUBJECT,
      `more than ${FAILED_SIGN_INS_PER_MINUTE} failed sign-ins from all addresses in a minute`,
    ),
  ]);
  if (!claim?.meta.changes) return null;
  const id = claim.meta.last_row_id;
  return {
    async succeeded() {
      await db
        .update(a)
        .set({ action: "sign-in" })
        .where(and(eq(a.id, id), eq(a.action, FAILED)));
    },
  };
}

export const recordSignOut = (deps: BackOfficeDeps) => recordEvent(deps, "sign-out", SUBJECT);
