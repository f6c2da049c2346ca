// npm test: every check in order (typecheck, lint and format check, worker tests in workerd,
// browser tests, operations tests), stopping at the first failure, then one closing line that adds up
// every runner's counts: "total: N passed, N failed, N skipped", after one with each
// stage's time. Playwright leaves out the tests a project's grep filters out (a functional
// test at phone width): they are not skipped, just not part of that project.
//
// The browser tests' shop (scripts/serve-test.mjs: a build, a fresh database and wrangler
// dev, about 20 s of work) is started as the worker tests start, since they wait on the clock
// more than they compute; the browser tests then run against it ($BASE_URL) instead of
// starting it themselves. Its messages are shown only with the browser tests. The operations
// tests, whose shops have ports of their own and serve that same build, run alongside the
// browser tests; their output is shown once the browser tests are done.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { localEnv, ROOT } from "./local.mjs";

/**
 * Each stage: its npm script, and how to read its runner's closing counts.
 * @type {{ script: string, counts: (output: string) => { passed: number, failed: number, skipped: number } | null }[]}
 */
const STAGES = [
  { script: "typecheck", counts: () => null },
  // After the typecheck, whose typegen the typed lint rules read (worker-configuration.d.ts, .react-router/).
  { script: "lint", counts: () => null },
  {
    script: "test:worker",
    counts: (out) => ({
      passed: match(out, /Tests\s+(?:\d+ failed \| )?(\d+) passed/),
      failed: match(out, /Tests\s+(\d+) failed/),
      skipped: match(out, /Tests\s+.*?(\d+) skipped/),
    }),
  },
  {
    script: "test:browser",
    counts: (out) => ({ passed: match(out, /^\s*(\d+) passed/m), failed: match(out, /^\s*(\d+) failed/m), skipped: match(out, /^\s*(\d+) skipped/m) }),
  },
  {
    script: "test:ops",
    counts: (out) => ({ passed: match(out, /ℹ pass (\d+)/), failed: match(out, /ℹ fail (\d+)/), skipped: match(out, /ℹ skipped (\d+)/) }),
  },
];

/** @param {string} text @param {RegExp} pattern */
function match(text, pattern) {
  const plain = text.replace(/\x1b\[[0-9;]*m/g, "");
  return Number(pattern.exec(plain)?.[1] ?? 0);
}

/**
 * Runs an npm script, showing its output as it comes (or only keeping it, when `held`) and
 * keeping a copy to read counts from.
 * @param {string} script
 * @param {Record<string, string>} [env]
 * @param {{ held?: boolean }} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
function runScript(script, env = {}, { held = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], { cwd: ROOT, env: localEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (!held) process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
      if (!held) process.stderr.write(chunk);
    });
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** @param {number} ms */
const duration = (ms) => {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

const TEST_PORT = Number(process.env.TEST_PORT ?? 8790);
const SHOP_URL = `http://localhost:${TEST_PORT}`;
/** Where scripts/serve-test.mjs keeps the shop's data. */
const TEST_STATE_DIR = ".wrangler/test-state";
/** What its build printed, which tests/ops/quiet-start.test.mjs reads instead of building again. */
const BUILD_OUTPUT = ".wrangler/test-build-output.txt";

/**
 * Starts the browser tests' shop in the background; its messages are kept until `show()`,
 * then passed on as they come.
 */
function startTestShop() {
  rmSync(BUILD_OUTPUT, { force: true });
  const child = spawn("node", ["scripts/serve-test.mjs"], {
    cwd: ROOT,
    env: localEnv({ TEST_PORT: String(TEST_PORT), BUILD_OUTPUT }),
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let held = "";
  let shown = false;
  child.stderr.on("data", (chunk) => {
    if (shown) process.stderr.write(chunk);
    else held += chunk;
  });
  /** @type {Promise<number>} */
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
  let running = true;
  // Never rejects: it settles with the exit code.
  void exited.then(() => (running = false));
  // However npm test ends, the shop does not outlive it.
  process.once("exit", () => {
    if (running) process.kill(-(/** @type {number} */ (child.pid)), "SIGTERM");
  });
  return {
    show() {
      shown = true;
      process.stderr.write(held);
    },
    /** Resolves true once the shop answers, false if it exits or stays silent for 2 minutes. */
    async ready() {
      const deadline = Date.now() + 120_000;
      while (running && Date.now() < deadline) {
        try {
          if ((await fetch(`${SHOP_URL}/api/products`)).ok) return true;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return false;
    },
    /** Stops wrangler dev and everything it started (its own process group). */
    async stop() {
      if (!running) return;
      try {
        process.kill(-(/** @type {number} */ (child.pid)), "SIGTERM");
      } catch {
        return;
      }
      await exited;
    },
  };
}

/** @type {ReturnType<typeof startTestShop> | null} */
let shop = null;
const stopShop = async () => shop?.stop();
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => void stopShop().then(() => process.exit(130)));
}

/**
 * The operations tests, once started beside the browser tests: their exit code, output and
 * time of their own.
 * @type {Promise<{ code: number, output: string, ms: number }> | null}
 */
let opsAlongside = null;

/**
 * Runs one stage: the browser tests against the shop started during the worker tests, unless
 * $BASE_URL aims them at one already running, with the operations tests beside them; then
 * those operations tests' output, as if they ran then.
 * @param {string} script
 * @returns {Promise<{ code: number, output: string, ms?: number }>}
 */
async function runStage(script) {
  if (script === "test:worker" && !process.env.BASE_URL) shop = startTestShop();
  if (script === "test:ops" && opsAlongside) {
    const ops = await opsAlongside;
    process.stdout.write(ops.output);
    return ops;
  }
  if (script !== "test:browser" || !shop) return runScript(script);
  shop.show();
  if (!(await shop.ready())) {
    console.error(`\n✖ The browser tests' shop (scripts/serve-test.mjs) did not answer on ${SHOP_URL}.`);
    return { code: 1, output: "" };
  }
  const started = Date.now();
  opsAlongside = runScript("test:ops", { BUILD_OUTPUT }, { held: true }).then((ops) => ({ ...ops, ms: Date.now() - started }));
  // The tests that set up codes and partners, or read what the shop recorded, reach its state folder.
  return runScript(script, { BASE_URL: SHOP_URL, SHOP_STATE_DIR: TEST_STATE_DIR });
}

/** @type {Record<"passed" | "failed" | "skipped", number>} */
const total = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const times = [];
let exitCode = 0;
for (const stage of STAGES) {
  const started = Date.now();
  const { code, output, ms = Date.now() - started } = await runStage(stage.script);
  if (stage.script === "test:browser") await stopShop();
  times.push(`${stage.script} ${duration(ms)}${stage.script === "test:ops" && opsAlongside ? " (beside the browser tests)" : ""}`);
  const counts = stage.counts(output);
  if (counts) for (const key of /** @type {const} */ (["passed", "failed", "skipped"])) total[key] += counts[key];
  if (code !== 0) {
    // The operations tests running beside the browser tests are still waited for and counted.
    const goesOn = stage.script === "test:browser" && opsAlongside !== null;
    console.error(`\n✖ npm run ${stage.script} failed (exit ${code})${goesOn ? "" : "; later stages were not run"}.`);
    if (total.failed === 0) total.failed = 1;
    exitCode = code;
    if (!goesOn) break;
  }
}
await stopShop();
console.log(`\ntime: ${times.join(", ")}`);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(exitCode);
