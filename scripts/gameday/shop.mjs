// The crash drill's shop (README, "Game day"): the built Worker served by `wrangler dev` on
// a state dir of its own, killed with SIGKILL and started again on the same data, and its
// local D1 read straight from its SQLite file.
import { spawn } from "node:child_process";
import { copyFileSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1File, localEnv, ROOT, run } from "../local.mjs";

/** The back office's password in the drill's shop, passed as a var as .dev.vars would. */
export const DRILL_ADMIN_PASSWORD = "gameday-owner-password";

/**
 * Reads the local D1 of `stateDir` directly, read-only: SQLite lets a second process read
 * while workerd writes, and a query costs microseconds where `wrangler d1 execute` costs
 * seconds. Returns a query function and a close.
 * @param {string} stateDir
 */
export function readDatabase(stateDir) {
  const db = new DatabaseSync(d1File(stateDir), { readOnly: true });
  return {
    /** @returns {Record<string, any>[]} */
    all: (/** @type {string} */ sql, /** @type {any[]} */ ...params) =>
      db
        .prepare(sql)
        .all(...params)
        .map((row) => ({ ...row })),
    close: () => db.close(),
  };
}

/** Runs SQL through `wrangler d1 execute --local`, as the owner would by hand. @param {string} stateDir @param {string} command */
export function executeSql(stateDir, command) {
  run("wrangler", ["d1", "execute", "DB", "--local", "--config", "wrangler.toml", "--persist-to", stateDir, "--command", command], { quiet: true });
}

/**
 * The shop, served by `wrangler dev` on `port` (and its inspector on the next) in a process group of its own (wrangler, its proxy's
 * workerd and the Worker's workerd), with the abuse limits off and the back office on.
 * Every start appends wrangler's output to `log` (the emails it sends are read from it).
 * @param {{ port: number, stateDir: string, log: string }} options
 */
export function drillShop({ port, stateDir, log }) {
  const url = `http://127.0.0.1:${port}`;
  /** @type {import("node:child_process").ChildProcess | null} */
  let child = null;
  let exited = Promise.resolve();
  const out = createWriteStream(log, { flags: "a" });

  function start() {
    // The inspector's port is named too: wrangler's default (9229, else the next free one) races with other local servers.
    const args = [
      "dev",
      "--port",
      String(port),
      "--inspector-port",
      String(port + 1),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      stateDir,
      "--show-interactive-dev-session=false",
    ];
    for (const [name, value] of Object.entries({ SHOP_RATE_LIMITS: "off", ADMIN_PASSWORD: DRILL_ADMIN_PASSWORD })) args.push("--var", `${name}:${value}`);
    // The Cron Trigger, if the Worker has one, is run by the drill as the platform would (GET /cdn-cgi/handler/scheduled?cron=…).
    args.push("--test-scheduled");
    const started = spawn("wrangler", args, { cwd: ROOT, env: localEnv({ WRANGLER_LOG: "info" }), stdio: ["ignore", "pipe", "pipe"], detached: true });
    started.stdout.pipe(out, { end: false });
    started.stderr.pipe(out, { end: false });
    exited = new Promise((resolve) => started.once("exit", () => resolve(undefined)));
    child = started;
    // However the drill ends (an error, Ctrl-C), the shop does not outlive it.
    process.once("exit", () => {
      if (child === started && started.pid) {
        try {
          process.kill(-started.pid, "SIGKILL");
        } catch {
          // Gone already.
        }
      }
    });
  }

  /** Resolves once the shop answers, or throws after `within` ms. */
  async function ready(within = 120_000) {
    const deadline = Date.now() + within;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) })).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The shop did not answer on ${url} within ${within / 1000} s.`);
  }

  /** Sends `signal` to every process of the shop's group, and resolves once wrangler has exited. */
  /** @param {NodeJS.Signals} signal */
  async function signalAll(signal) {
    if (!child?.pid) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Gone already.
    }
    await exited;
    child = null;
  }

  return {
    url,
    /** Starts the shop and resolves once it answers. */
    async start() {
      start();
      await ready();
    },
    /**
     * The crash: SIGKILL to the Worker's process and everything beside it, with no warning,
     * whatever request it is in the middle of.
     */
    kill: () => signalAll("SIGKILL"),
    /** A clean stop: wrangler stops workerd and flushes the local data. */
    stop: async () => {
      await signalAll("SIGTERM");
      await new Promise((resolve) => out.end(resolve));
    },
  };
}

/**
 * Whether the built Worker has a Cron Trigger (build/server/wrangler.json), which the drill
 * then runs while the emails drain, as the platform would every few minutes.
 */
export function hasCronTrigger() {
  const file = join(ROOT, "build", "server", "wrangler.json");
  if (!existsSync(file)) return false;
  const crons = JSON.parse(readFileSync(file, "utf8")).triggers?.crons;
  return Array.isArray(crons) && crons.length > 0;
}

/**
 * A backup of the database in `stateDir`, written to `file`, that `wrangler d1 execute
 * --file` can restore: `wrangler d1 export DB --local` twice, the schema (`--no-data`) and
 * the rows (`--no-schema`), put together as tables and indexes, then rows, then triggers.
 * One plain export is refused on restore ("no such table: main.products"): it creates each
 * table in the order SQLite keeps them, and a table rebuilt by a migration (products, in
 * 0008) comes after the tables whose rows point at it. Triggers come after the rows, or
 * each restored product would bump the catalog's version.
 *
 * `wrangler d1 export --local` reads the local data beside its configuration
 * (`.wrangler/state`; it takes no --persist-to), so it runs on a copy of wrangler.toml in a
 * directory whose `.wrangler/state` is a link to `stateDir`.
 * @param {string} stateDir
 * @param {string} file
 */
export async function exportDatabase(stateDir, file) {
  const dir = mkdtempSync(join(tmpdir(), "raw-dogg-export-"));
  try {
    mkdirSync(join(dir, ".wrangler"));
    symlinkSync(stateDir, join(dir, ".wrangler", "state"));
    copyFileSync(join(ROOT, "wrangler.toml"), join(dir, "wrangler.toml"));
    // Both at once: each wrangler call spends seconds starting.
    const exported = async (/** @type {string} */ flag) => {
      const out = join(dir, `${flag}.sql`);
      const args = ["d1", "export", "DB", "--local", "--config", join(dir, "wrangler.toml"), flag, "--output", out];
      const child = spawn("wrangler", args, { cwd: ROOT, env: localEnv({ CI: "true" }), stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      const code = await new Promise((resolve) => child.on("close", resolve));
      if (code !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${output}`);
      return readFileSync(out, "utf8");
    };
    const [schemaText, rows] = await Promise.all([exported("--no-data"), exported("--no-schema")]);
    const schema = schemaText.split("\n");
    const firstTrigger = schema.findIndex((line) => line.startsWith("CREATE TRIGGER"));
    const triggers = firstTrigger === -1 ? [] : schema.slice(firstTrigger);
    if (triggers.some((line) => line.trim() !== "" && !/^CREATE TRIGGER .* END;$/.test(line)))
      throw new Error("The schema's export does not end with its triggers, one a line: restore it by hand.");
    writeFileSync(file, [...schema.slice(0, firstTrigger === -1 ? undefined : firstTrigger), rows, ...triggers].join("\n"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Restores a backup (exportDatabase) into the fresh local database in `stateDir`: `wrangler d1 execute DB --local --file`. @param {string} file @param {string} stateDir */
export function restoreDatabase(file, stateDir) {
  run("wrangler", ["d1", "execute", "DB", "--local", "--config", "wrangler.toml", "--persist-to", stateDir, "--file", file], { quiet: true });
}
