// Helpers for the operations tests: a throwaway local database and a shop served on it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { d1File, localEnv, ROOT } from "../../scripts/local.mjs";

/** Runs wrangler (or any tool on the project's PATH) and returns its output; throws on failure. */
export function tool(command, args, { cwd = ROOT } = {}) {
  const result = spawnSync(command, args, { cwd, env: localEnv({ CI: "true" }), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export const freshStateDir = () => mkdtempSync(join(tmpdir(), "raw-dogg-state-"));

/** The built Worker is needed by `wrangler dev` and `wrangler deploy`; build it when missing. */
export function ensureBuilt() {
  if (!existsSync(join(ROOT, "build", "server", "wrangler.json"))) tool("npm", ["run", "build", "--silent"]);
}

/** Applies the migrations of `config`'s migrations_dir to the local database in `stateDir`. */
export function migrate(stateDir, config = "wrangler.toml") {
  return tool("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--config", config, "--persist-to", stateDir]);
}

/**
 * Runs SQL statements against the local database in `stateDir`, straight on its SQLite file
 * (no shop is serving it: a `wrangler d1 execute` call costs about 1.2 s of CPU, this none);
 * returns the rows of each statement, in order.
 * @param {string} stateDir
 * @param {...string} statements
 * @returns {Record<string, unknown>[][]}
 */
export function sql(stateDir, ...statements) {
  const db = new DatabaseSync(d1File(stateDir));
  try {
    return statements.map((statement) =>
      db
        .prepare(statement)
        .all()
        .map((row) => ({ ...row })),
    );
  } finally {
    db.close();
  }
}

function stopShop(child) {
  return new Promise((resolve) => {
    child.once("exit", resolve);
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      resolve(undefined);
    }
  });
}

/**
 * `npm start` as a newcomer runs it (built already), on `port` with its data in `stateDir`:
 * resolves once it says it is ready, with its output so far (growing while it runs) and a
 * stop that resolves when it has exited.
 */
export function npmStart({ port, stateDir }) {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["start"], {
      cwd: ROOT,
      env: localEnv({ PORT: String(port), SHOP_STATE_DIR: stateDir, SKIP_BUILD: "1" }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const server = { output: "", stop: () => stopShop(child) };
    const timer = setTimeout(() => void server.stop().then(() => reject(new Error(`npm start was not ready within 120 s:\n${server.output}`))), 120_000);
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        server.output += chunk;
        if (/Ready on http/.test(server.output)) {
          clearTimeout(timer);
          resolve(server);
        }
      });
    }
  });
}
