// npm test: every check (typecheck, lint and format check, worker tests in workerd, browser
// tests, operations tests), then one closing line that adds up every runner's counts:
// "total: N passed, N failed, N skipped", after one with each stage's time. Playwright
// leaves out the tests a project's grep filters out (a functional test at phone width):
// they are not skipped, just not part of that project.
//
// Two phases, each of two lanes side by side, since no stage keeps both cores busy alone
// (decision 0031):
// 1. the worker tests, shown as they run, beside the typecheck and the lint (`npm run check`:
//    one process, one pair of TypeScript programs), shown once the worker tests are done;
//    and the browser tests' shop (scripts/serve-test.mjs: a build, a fresh database and
//    wrangler dev) is built and started meanwhile;
// 2. the browser tests against that shop ($BASE_URL), beside the operations tests, whose
//    shops have ports of their own and serve that same build; their output is shown once the
//    browser tests are done.
// A failure in the first phase stops the run there.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { localEnv, ROOT } from "./local.mjs";

/**
 * Each stage: its npm script, and how to read its runner's closing counts.
 * @type {{ script: string, counts: (output: string) => { passed: number, failed: number, skipped: number } | null }[]}
 */
const STAGES = [
  { script: "check", counts: () => null },
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
 * One stage's run: its exit code, output and time.
 * @typedef {{ script: string, code: number, output: string, ms: number }} StageRun
 */

/**
 * Runs `scripts` one after another (stopping at a failure), its output shown as it comes or held.
 * @param {string[]} scripts
 * @param {{ held?: boolean, env?: Record<string, string> }} [options]
 * @returns {Promise<StageRun[]>}
 */
async function lane(scripts, { held = false, env = {} } = {}) {
  /** @type {StageRun[]} */
  const runs = [];
  for (const script of scripts) {
    const started = Date.now();
    const { code, output } = await runScript(script, env, { held });
    runs.push({ script, code, output, ms: Date.now() - started });
    if (code !== 0) break;
  }
  return runs;
}

/** The first phase: the worker tests shown as they run, the typecheck and the lint beside them, the browser tests' shop started. */
async function firstPhase() {
  if (!process.env.BASE_URL) shop = startTestShop();
  const [worker, checks] = await Promise.all([lane(["test:worker"]), lane(["check"], { held: true })]);
  for (const run of checks) process.stdout.write(`\n> ${run.script}\n${run.output}`);
  return [...checks, ...worker];
}

/** The second phase: the browser tests against the shop the first started (or $BASE_URL's), the operations tests beside them. */
async function secondPhase() {
  if (!shop) return [...(await lane(["test:browser"])), ...(await lane(["test:ops"]))];
  shop.show();
  if (!(await shop.ready())) {
    console.error(`\n✖ The browser tests' shop (scripts/serve-test.mjs) did not answer on ${SHOP_URL}.`);
    return [{ script: "test:browser", code: 1, output: "", ms: 0 }];
  }
  const ops = lane(["test:ops"], { held: true, env: { BUILD_OUTPUT } });
  // The tests that set up codes and partners, or read what the shop recorded, reach its state folder.
  const browser = await lane(["test:browser"], { env: { BASE_URL: SHOP_URL, SHOP_STATE_DIR: TEST_STATE_DIR } });
  await stopShop();
  const [opsRun] = await ops;
  process.stdout.write(opsRun.output);
  return [...browser, { ...opsRun, script: "test:ops", beside: true }];
}

/** @type {Record<"passed" | "failed" | "skipped", number>} */
const total = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const times = [];
let exitCode = 0;
for (const phase of [firstPhase, secondPhase]) {
  const runs = await phase();
  for (const run of runs) {
    times.push(`${run.script} ${duration(run.ms)}${"beside" in run ? " (beside the browser tests)" : ""}`);
    const counts = STAGES.find((stage) => stage.script === run.script)?.counts(run.output);
    if (counts) for (const key of /** @type {const} */ (["passed", "failed", "skipped"])) total[key] += counts[key];
    if (run.code !== 0) {
      console.error(`\n✖ npm run ${run.script} failed (exit ${run.code}).`);
      if (total.failed === 0) total.failed = 1;
      exitCode = run.code;
    }
  }
  if (exitCode !== 0) {
    if (phase === firstPhase) console.error("The browser and operations tests were not run.");
    break;
  }
}
await stopShop();
console.log(`\ntime: ${times.join(", ")}`);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(exitCode);
