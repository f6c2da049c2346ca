// Shared by the scripts that run the shop locally: wrangler without network or
// telemetry, with the local D1, KV and R2 kept on disk under .wrangler/state, and a copy of
// every email the shop sends in .wrangler/state/emails.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Where the local D1 and KV live; $SHOP_STATE_DIR points elsewhere (e.g. a second checkout's data). */
export const STATE_DIR = process.env.SHOP_STATE_DIR ? resolve(ROOT, process.env.SHOP_STATE_DIR) : join(ROOT, ".wrangler", "state");

/** The back office's password in the browser tests' shop (scripts/serve-test.mjs) and nowhere else. */
export const TEST_ADMIN_PASSWORD = "browser-test-owner-password";

/**
 * Whether `wrangler dev` will have the back office's ADMIN_PASSWORD secret: a non-empty
 * line for it in .dev.vars (README, "Running the shop").
 */
export function adminPasswordSet() {
  const file = join(ROOT, ".dev.vars");
  return existsSync(file) && /^\s*ADMIN_PASSWORD\s*=\s*\S/m.test(readFileSync(file, "utf8"));
}

/** npm puts node_modules/.bin first on PATH for its scripts; do the same when run directly. */
const binPath = [join(ROOT, "node_modules", ".bin"), process.env.PATH].join(delimiter);

export const localEnv = (extra = {}) => ({
  ...process.env,
  PATH: binPath,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  ...extra,
});

/**
 * Runs a command to completion, failing loudly; stdin is closed so nothing prompts. With
 * `quiet`, its output is kept and shown only if it fails (wrangler's banners, tables and a
 * JSON block per seed statement say nothing to whoever starts the shop); it is returned.
 * @param {string} command
 * @param {string[]} args
 * @param {import("node:child_process").SpawnSyncOptions & { quiet?: boolean }} [options]
 * @returns {string}
 */
export function run(command, args, { quiet = false, ...options } = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: ["ignore", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"],
    env: localEnv({ CI: "true" }),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    const why = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    console.error(`\n✖ ${command} ${args.join(" ")} failed (${why}).`);
    process.exit(result.status ?? 1);
  }
  return `${result.stdout ?? ""}`;
}

/**
 * Awaits a step of a command-line script (`npm start`, `npm run db:*`): a failure is one line
 * and exit 1, as `run` gives a failed command, not a stack trace.
 * @template T
 * @param {Promise<T>} step
 * @returns {Promise<T>}
 */
export async function orExit(step) {
  try {
    return await step;
  } catch (error) {
    console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/**
 * Forwards Ctrl-C and termination to a child process and exits with it.
 * @param {import("node:child_process").ChildProcess} child
 */
export function exitWith(child) {
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => child.kill(signal));
  // On close, not exit: the server's last output has passed through its pipes by then.
  child.on("close", (code) => process.exit(code ?? 0));
}

/**
 * Where Miniflare keeps the local bindings' data of `stateDir`: the folders `wrangler dev
 * --persist-to stateDir` uses, so a shop served either way finds the same D1, KV and R2.
 * @param {string} stateDir
 */
export const localPersistence = (stateDir) => ({ resourcePersistencePath: join(stateDir, "v3"), resourceTmpPath: join(ROOT, ".wrangler", "tmp") });

/** @typedef {Awaited<ReturnType<import("miniflare").Miniflare["getD1Database"]>>} LocalD1 */
/**
 * @typedef {{ db: LocalD1, downloads: Awaited<ReturnType<import("miniflare").Miniflare["getR2Bucket"]>>, splitSql: (sql: string) => string[] }} LocalData
 * `splitSql` is wrangler's own reading of a file of SQL statements (`d1 migrations apply` and `d1 execute --file` split with it).
 */

/**
 * Opens the local D1 and R2 in `stateDir` in this process and hands them to `use`: Miniflare
 * with wrangler.toml's DB and DOWNLOADS as wrangler itself reads them, persisted where
 * `wrangler dev --persist-to` keeps them (`<stateDir>/v3`), so the shop finds what was written.
 * One workerd for every step, where each wrangler command started a Node process and a
 * workerd of its own: `d1 migrations apply` took about 11 s of CPU on an empty folder, each
 * `d1 execute` or R2 put about 1.2 s (decision 0032). Miniflare and wrangler load only here.
 * @template T
 * @param {string} stateDir
 * @param {(data: LocalData) => Promise<T>} use
 * @returns {Promise<T>}
 */
async function withLocalData(stateDir, use) {
  const [{ convertV4MiniflareOptions, Log, LogLevel, Miniflare }, { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery }] = await Promise.all([
    import("miniflare"),
    import("wrangler"),
  ]);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.toml"));
  const { compatibilityDate, d1Databases, r2Buckets } = /** @type {import("miniflare").V4WorkerOptionsShape} */ (workerOptions);
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      cf: false,
      ...localPersistence(stateDir),
      log: new Log(LogLevel.WARN),
      workers: [
        {
          name: "local-data",
          modules: true,
          script: "export default {};",
          compatibilityDate,
          d1Databases,
          r2Buckets,
        },
      ],
    }),
  );
  try {
    const [db, downloads] = await Promise.all([miniflare.getD1Database("DB"), miniflare.getR2Bucket("DOWNLOADS")]);
    return await use({ db, downloads, splitSql: unstable_splitSqlQuery });
  } finally {
    await miniflare.dispose();
  }
}

const MIGRATIONS_DIR = join(ROOT, "migrations");
/** wrangler's table of the migrations applied (`wrangler d1 migrations apply` reads and writes it, locally and in a deploy). */
const MIGRATIONS_TABLE =
  "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)";
/**
 * Applies the migrations in `dir` (migrations/) that the database has not had, in the order of
 * their names, each with its line in wrangler's table in one transaction (a D1 batch), as
 * `wrangler d1 migrations apply` does: a migration that fails leaves nothing of itself.
 * @param {LocalData} data
 * @param {string} [dir]
 */
async function applyMigrations({ db, splitSql }, dir = MIGRATIONS_DIR) {
  await db.prepare(MIGRATIONS_TABLE).run();
  const { results } = await db.prepare("SELECT name FROM d1_migrations").all();
  const done = new Set(results.map((row) => row.name));
  const pending = readdirSync(dir)
    .filter((name) => name.endsWith(".sql") && !done.has(name))
    .sort();
  for (const name of pending) {
    const statements = splitSql(readFileSync(join(dir, name), "utf8"));
    try {
      await db.batch([...statements.map((statement) => db.prepare(statement)), db.prepare("INSERT INTO d1_migrations (name) VALUES (?1)").bind(name)]);
    } catch (error) {
      throw new Error(`Local database: ${name} failed and was not applied: ${error instanceof Error ? error.message : error}`);
    }
  }
  if (pending.length > 0) console.log(`Local database: applied ${pending.join(", ")}`);
}

/** The files sold as downloads, each kept in the DOWNLOADS bucket under its own name (`{product slug}.{format}`). */
const DOWNLOAD_FILES_DIR = join(ROOT, "workers", "db", "files");

/** The Content-Type each download format is stored with (the Worker sets its own on the answer too). */
const DOWNLOAD_TYPES = { mp3: "audio/mpeg", flac: "audio/flac" };

/**
 * Upserts the seed catalog (one transaction) and puts the download files into their bucket,
 * each overwritten with the same bytes: reruns change nothing.
 * @param {LocalData} data
 */
async function seedData({ db, downloads }) {
  const { seedStatements } = await import("../workers/db/seed/statements.ts");
  await db.batch(seedStatements().map((statement) => db.prepare(statement)));
  for (const key of readdirSync(DOWNLOAD_FILES_DIR)) {
    const contentType = DOWNLOAD_TYPES[/** @type {keyof typeof DOWNLOAD_TYPES} */ (key.split(".").pop())] ?? "application/octet-stream";
    await downloads.put(key, readFileSync(join(DOWNLOAD_FILES_DIR, key)), { httpMetadata: { contentType } });
  }
  console.log("Local database: seeded (the catalogue, its stock and the single's files)");
}

/**
 * Applies every migration in migrations/ (or `dir`) to the local D1 (already applied ones are skipped).
 * @param {string} [stateDir]
 * @param {string} [dir]
 */
export const migrate = (stateDir = STATE_DIR, dir = MIGRATIONS_DIR) => withLocalData(stateDir, (data) => applyMigrations(data, dir));

/** Upserts the seed catalog into the local D1 and puts the download files into local R2; reruns change nothing. */
export const seed = (stateDir = STATE_DIR) => withLocalData(stateDir, seedData);

/** Both, as `npm start` does before it serves: one Miniflare for the two. */
export const migrateAndSeed = (stateDir = STATE_DIR) =>
  withLocalData(stateDir, async (data) => {
    await applyMigrations(data);
    await seedData(data);
  });

/**
 * A local database as `npm start` leaves it (migrated, seeded, the download files in R2),
 * copied into `stateDir` (emptied first) from a template made once per version of the
 * migrations and the seed (`.wrangler/seeded-template/<hash>`): making one costs about 3 s of
 * CPU, copying it none. The browser tests' shop, the game day and the operations tests each
 * start from a copy; `npm start` itself migrates and seeds as a newcomer's machine does.
 * @param {string} stateDir
 */
export async function seededDatabase(stateDir) {
  const { seedStatements } = await import("../workers/db/seed/statements.ts");
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).sort()) {
    const path = join(MIGRATIONS_DIR, String(file));
    if (path.endsWith(".sql")) hash.update(String(file)).update(readFileSync(path));
  }
  hash.update(seedStatements().join("\n"));
  for (const file of readdirSync(DOWNLOAD_FILES_DIR).sort()) hash.update(file).update(readFileSync(join(DOWNLOAD_FILES_DIR, file)));
  const template = join(ROOT, ".wrangler", "seeded-template", hash.digest("hex").slice(0, 16));
  if (!existsSync(template)) {
    // Made beside it and renamed into place: a second process making it meanwhile (the
    // browser tests' shop and an operations test) never copies a half-made one.
    const making = `${template}.${process.pid}`;
    rmSync(making, { recursive: true, force: true });
    mkdirSync(making, { recursive: true });
    await migrateAndSeed(making);
    try {
      renameSync(making, template);
    } catch {
      rmSync(making, { recursive: true, force: true });
    }
  }
  rmSync(stateDir, { recursive: true, force: true });
  cpSync(template, stateDir, { recursive: true });
}

/** The local D1's SQLite file in `stateDir` (miniflare keeps one per database, beside its metadata). @param {string} stateDir */
export function d1File(stateDir) {
  const dir = join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`No local D1 in ${dir}`);
  return join(dir, file);
}

/**
 * Starts `wrangler dev` on the built Worker and returns the child process.
 * @param {{ port: number, stateDir?: string, vars?: Record<string, string>, inspectorPort?: number }} options
 */
export function serve({ port, stateDir = STATE_DIR, vars = {}, inspectorPort }) {
  // Abuse limits stay on unless SHOP_RATE_LIMITS=off is asked for (test suites, benchmarks).
  if (process.env.SHOP_RATE_LIMITS === "off") vars = { SHOP_RATE_LIMITS: "off", ...vars };
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", stateDir, "--show-interactive-dev-session=false"];
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  // The Worker's V8 inspector (DevTools protocol), for scripts/profile-render.mjs.
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  // Its output passes through (in colour on a terminal) and is read for the emails it sends.
  const colour = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
  const server = spawn("wrangler", args, { cwd: ROOT, stdio: ["inherit", "pipe", "pipe"], env: localEnv(colour) });
  server.stdout.pipe(process.stdout);
  server.stderr.pipe(process.stderr);
  keepEmails(server, emailsDir(stateDir));
  return server;
}

/** Where the local shop keeps a copy of every email it sends: beside its data, so a restart keeps them and `db:reset` clears both. */
export const emailsDir = (stateDir = STATE_DIR) => join(stateDir, "emails");

/** The first line wrangler logs for an email its simulated `send_email` binding took. */
const EMAIL_LOGGED = "send_email binding called with MessageBuilder:";
const EMAIL_HEADER = /^(From|To|Cc|Bcc|Subject): (.*)$/;
const EMAIL_PART = /^(Text|HTML): (.+)$/;
/** The terminal's colour codes, which wrangler's log carries on a terminal. */
const COLOUR_CODES = /\x1b\[[0-9;]*m/g;

/**
 * Keeps every email the local shop sends. wrangler's simulated `send_email` writes each
 * one's text and HTML under a folder of its own run (`.wrangler/tmp/email/…`), which it
 * deletes when it stops, and logs their paths under the email's From, To and Subject. Each
 * part is read as soon as its path is logged (the files exist by then) and written to `dir`
 * as `<time> <subject>.txt` and `.html`, the headers on top; a line says where.
 * @param {import("node:child_process").ChildProcess} server
 * @param {string} dir
 */
export function keepEmails(server, dir) {
  /** @type {{ headers: string[], parts: Map<string, string>, at: Date } | null} */
  let email = null;
  const finish = () => {
    if (email && email.parts.size > 0) writeEmail(dir, email);
    email = null;
  };
  for (const stream of [server.stdout, server.stderr]) {
    let rest = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const raw of lines) {
        const line = raw.replace(COLOUR_CODES, "").trimEnd();
        if (line.endsWith(EMAIL_LOGGED)) {
          finish();
          email = { headers: [], parts: new Map(), at: new Date() };
        } else if (email && EMAIL_HEADER.test(line)) {
          email.headers.push(line);
        } else if (email && EMAIL_PART.test(line)) {
          const [, part, path] = /** @type {RegExpExecArray} */ (EMAIL_PART.exec(line));
          try {
            email.parts.set(part === "Text" ? "txt" : "html", readFileSync(path, "utf8"));
          } catch {
            // Gone already (wrangler stopping): the log above still names it.
          }
        } else if (email && line !== "") {
          finish();
        }
      }
    });
  }
  server.once("exit", finish);
  // A quiet server logs nothing after an email: it is written once its parts stop coming.
  setInterval(() => email && Date.now() - email.at.getTime() > 1000 && finish(), 500).unref();
}

/** @param {string} dir @param {{ headers: string[], parts: Map<string, string>, at: Date }} email */
function writeEmail(dir, { headers, parts, at }) {
  mkdirSync(dir, { recursive: true });
  const subject = headers.find((header) => header.startsWith("Subject: "))?.slice("Subject: ".length) ?? "no subject";
  const name = `${at.toISOString().replaceAll(":", "-")} ${subject
    .replace(/[^\p{L}\p{N} ._-]/gu, "")
    .trim()
    .slice(0, 80)}`;
  const top = headers.join("\n");
  for (const [extension, content] of parts) {
    // The headers stay out of the HTML's markup: a comment, which `--` would end early.
    const head = extension === "html" ? `<!--\n${top.replaceAll("--", "- -")}\n-->\n` : `${top}\n\n`;
    writeFileSync(join(dir, `${name}.${extension}`), head + content);
  }
  const where = relative(ROOT, join(dir, name));
  console.log(`Email kept: ${where.startsWith("..") ? join(dir, name) : where}.{${[...parts.keys()].join(",")}}`);
}

/**
 * For the measuring scripts (bench, lighthouse): builds unless $SKIP_BUILD, serves the built
 * Worker on `port` with a fresh local database (.wrangler/<name>, migrated and seeded) and
 * the abuse limits off, and resolves once it answers, with its address and a stop function
 * (also called on Ctrl-C) that resolves when the server has exited.
 * @param {{ port: number, name: string, build?: boolean, vars?: Record<string, string>, inspectorPort?: number }} options
 */
export async function startMeasuredShop({ port, name, build = !process.env.SKIP_BUILD, vars = {}, inspectorPort }) {
  const { rmSync } = await import("node:fs");
  const stateDir = join(ROOT, ".wrangler", name);
  if (build) run("npm", ["run", "build", "--silent"]);
  rmSync(stateDir, { recursive: true, force: true });
  await migrateAndSeed(stateDir);
  // wrangler logs a line per request at its default level: that would be measured too.
  process.env.WRANGLER_LOG ??= "warn";
  const server = serve({ port, stateDir, vars: { SHOP_RATE_LIMITS: "off", ...vars }, inspectorPort });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const stop = () => {
    server.kill("SIGTERM");
    return exited;
  };
  process.on("SIGINT", () => {
    // The signal is sent at once; Ctrl-C does not wait for wrangler to finish exiting.
    void stop();
    process.exit(130);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/products`)).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The shop did not answer on ${base} within 90 s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
