// A local D1 file that another process holds (wrangler d1 execute, the browser tests'
// setup) answers SQLITE_BUSY; the shop tries again instead of failing the shopper's request.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BUSY_TRIES, isBusy, isBusyRead, waitingOutLocalLocks } from "../../workers/db/busy";
import { createDatabase } from "../../workers/db/client";

const busy = () => new Error("D1_ERROR: database is locked: SQLITE_BUSY");
/** How the Worker hears of the lock when it met the statement after it ran (workerd logs SQLITE_BUSY). */
const busyAfterRun = () => new Error("Failed query", { cause: new Error("D1_ERROR: Failed to get session commit token: internal error; reference = x") });

/** A D1 whose statements and batches fail with SQLITE_BUSY (or `error`) `times` times, then run on the real one. */
function lockedFor(times: number, error = busy) {
  let left = times;
  const calls = { runs: 0, batches: 0 };
  const failFirst = <T>(run: () => Promise<T>) => {
    calls.runs++;
    if (left > 0) {
      left--;
      return Promise.reject(error());
    }
    return run();
  };
  const d1 = {
    prepare: (query: string) => {
      const statement = env.DB.prepare(query);
      return Object.assign(Object.create(statement) as D1PreparedStatement, {
        all: () => failFirst(() => statement.all()),
        run: () => failFirst(() => statement.run()),
        first: () => failFirst(() => statement.first()),
        raw: () => failFirst(() => statement.raw()),
        inner: statement,
      });
    },
    batch: (statements: (D1PreparedStatement & { inner?: D1PreparedStatement })[]) => {
      calls.batches++;
      return failFirst(() => env.DB.batch(statements.map((s) => s.inner ?? s)));
    },
  } as unknown as D1Database;
  return { d1, calls };
}

describe("a local D1 another process holds", () => {
  it("knows SQLITE_BUSY by its message or its cause, and nothing else", () => {
    expect(isBusy(busy())).toBe(true);
    expect(isBusy(new Error("D1_ERROR", { cause: new Error("database is locked") }))).toBe(true);
    expect(isBusy(new Error("D1_ERROR: UNIQUE constraint failed: orders.number"))).toBe(false);
  });

  it("a statement that meets the lock is tried again until it runs", async () => {
    const { d1, calls } = lockedFor(3);
    const rows = await waitingOutLocalLocks(d1).prepare("SELECT 1 AS one").all();
    expect(rows.results).toEqual([{ one: 1 }]);
    expect(calls.runs).toBe(4);
  });

  it("a batch is tried again, whole, through Drizzle too", async () => {
    const { d1, calls } = lockedFor(2);
    const db = createDatabase(d1);
    const [a, b] = await db.batch([db.all<{ n: number }>("SELECT 1 AS n" as never), db.all<{ n: number }>("SELECT 2 AS n" as never)]);
    expect([a, b]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(calls.batches).toBe(3);
  });

  it("a read that met the lock after it ran is tried again; a write is not, as it may have been made", async () => {
    expect(isBusyRead(busyAfterRun())).toBe(true);
    expect(isBusy(busyAfterRun())).toBe(false);
    const read = lockedFor(2, busyAfterRun);
    expect((await waitingOutLocalLocks(read.d1).prepare("SELECT 1 AS one").first()) as unknown).toEqual({ one: 1 });
    expect(read.calls.runs).toBe(3);
    const reads = lockedFor(1, busyAfterRun);
    const db = createDatabase(reads.d1);
    expect(await db.batch([db.all("SELECT 1 AS n" as never), db.all("select 2 AS n" as never)])).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(reads.calls.batches).toBe(2);

    const write = lockedFor(1, busyAfterRun);
    await expect(waitingOutLocalLocks(write.d1).prepare("INSERT INTO carts (id) VALUES ('busy-after-run')").run()).rejects.toThrow(/Failed query/);
    expect(write.calls.runs).toBe(1);
    const mixed = lockedFor(1, busyAfterRun);
    const mixedDb = createDatabase(mixed.d1);
    await expect(
      mixedDb.batch([mixedDb.all("SELECT 1 AS n" as never), mixedDb.run("INSERT INTO carts (id) VALUES ('busy-after-run')" as never)]),
    ).rejects.toThrow(/Failed query/);
    expect(mixed.calls.batches).toBe(1);
  });

  it("gives up after BUSY_TRIES, and any other error is thrown at once", async () => {
    const { d1, calls } = lockedFor(BUSY_TRIES);
    await expect(waitingOutLocalLocks(d1).prepare("SELECT 1").first()).rejects.toThrow(/SQLITE_BUSY/);
    expect(calls.runs).toBe(BUSY_TRIES);
    const broken = { prepare: () => ({ run: () => Promise.reject(new Error("no such table: nowhere")) }) } as unknown as D1Database;
    await expect(waitingOutLocalLocks(broken).prepare("x").run()).rejects.toThrow(/no such table/);
  });
});
