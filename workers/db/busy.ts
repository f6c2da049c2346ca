/**
 * A statement or batch that meets SQLITE_BUSY is tried again, for up to about a second.
 *
 * D1 itself never answers it: one Durable Object writes each database. A local D1, though, is
 * a SQLite file other processes open too (`wrangler d1 execute --local`, `npm run db:seed`
 * while `npm start` serves, the browser tests setting up partners and codes), and a write
 * that meets one of theirs fails at once with nothing written: a shopper's add to cart
 * answered 500 while a test held the file for a few milliseconds. Nothing was written, so
 * trying again is safe for any statement and any batch (a batch is one transaction).
 *
 * The lock can also meet a statement once it has run, when the local D1 reads the commit
 * token (the session's bookmark) after it: workerd logs SQLITE_BUSY and the Worker is told
 * only "Failed to get session commit token: internal error". A write may have been made by
 * then, so only reads are tried again on that one (seen in a whole run: the back office's
 * order page answered 500 while a browser test wrote a partner's attribution).
 */
import { messageMatches, retryWhile } from "./retry";

/** How SQLite's "another connection holds the lock" reads, in D1's error or its cause. */
const BUSY = /SQLITE_BUSY|database is locked/;

export const isBusy = (error: unknown) => messageMatches(error, (message) => BUSY.test(message));

/** How the lock reads when it met the statement after it ran, reading the session's commit token. */
const AFTER_RUN = /Failed to get session commit token/;

/** Whether a read that failed with `error` may be tried again: the lock, met before or after it ran. */
export const isBusyRead = (error: unknown) => isBusy(error) || messageMatches(error, (message) => AFTER_RUN.test(message));

/** A statement that only reads: a SELECT (a WITH may end in a write, so it does not count). */
const reads = (query: string) => /^\s*select\b/i.test(query);

/** Tries in all, and the pause before try n (n × 25 ms): about 1.1 s in all before giving up. */
export const BUSY_TRIES = 10;

const waitingOutLocks = <T>(run: () => Promise<T>, readOnly: boolean) =>
  retryWhile(run, { tries: BUSY_TRIES, retryable: readOnly ? isBusyRead : isBusy, backoff: (next) => 25 * (next - 1) });

/** What each statement handed out wraps, so that a batch gets D1's own statements back, and whether it only reads. */
const wrapped = new WeakMap<object, { statement: D1PreparedStatement; readOnly: boolean }>();
const RUNS = new Set<PropertyKey>(["first", "run", "all", "raw"]);

function statementWaitingOutLocks(statement: D1PreparedStatement, readOnly: boolean): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      if (key === "bind") return (...args: unknown[]) => statementWaitingOutLocks(method.apply(target, args) as D1PreparedStatement, readOnly);
      if (RUNS.has(key)) return (...args: unknown[]) => waitingOutLocks(() => method.apply(target, args) as Promise<unknown>, readOnly);
      return method.bind(target);
    },
  });
  wrapped.set(proxy, { statement, readOnly });
  return proxy;
}

/** `d1` (a database or a session), its statements and batches tried again while they meet SQLITE_BUSY. */
export function waitingOutLocalLocks<T extends D1Database | D1DatabaseSession>(d1: T): T {
  return new Proxy(d1, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      if (key === "prepare") return (query: string) => statementWaitingOutLocks(method.call(target, query) as D1PreparedStatement, reads(query));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) =>
          waitingOutLocks(
            () =>
              method.call(
                target,
                statements.map((s) => wrapped.get(s)?.statement ?? s),
              ) as Promise<unknown>,
            statements.every((s) => wrapped.get(s)?.readOnly === true),
          );
      if (key === "exec") return (query: string) => waitingOutLocks(() => method.call(target, query) as Promise<unknown>, false);
      if (key === "withSession") return (...args: unknown[]) => waitingOutLocalLocks(method.apply(target, args) as D1DatabaseSession);
      return method.bind(target);
    },
  });
}
