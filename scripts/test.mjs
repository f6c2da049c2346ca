// npm test: every check (typecheck, lint and format check, worker tests in workerd, browser
// tests, operations tests), then one closing line that adds up every runner's counts:
// "total: N passed, N failed, N skipped", after one with each stage's time. Playwright
// leaves out the tests a project's grep filters out (a functional test at phone width):
// they are not skipped, just not part of that project.
//
// Every stage at once, in three lanes, since no stage keeps both cores busy alone (decision
// 0031): the browser tests' shop (scripts/serve-test.mjs: a build, a fresh database and
// wrangler dev) is built and started, and the browser tests run against it ($BASE_URL) as soon
// as it answers, shown as they run; beside them the worker tests and then the operations
// tests, whose shops have ports of their own and serve that same build; and the typecheck and
// lint (`npm run check`: one process, one pair of TypeScript programs). Those two lanes are
// shown once all are done. A stage that fails stops the others: a type error does not wait
// for the browser tests.
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

/** The stages running now, each in a process group of its own: a failed stage stops the others. */
/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();

/** Stops every running stage (and all it started: Chromium, workerd, wrangler). */
function stopStages() {
  for (const child of running) {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), "SIGTERM");
    } catch {
      // Gone already.
    }
  }
}

/**
 * Runs an npm script in a process group of its own, showing its output as it comes (or only
 * keeping it, when `held`) and keeping a copy to read counts from.
 * @param {string} script
 * @param {Record<string, string>} [env]
 * @param {{ held?: boolean }} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
function runScript(script, env = {}, { held = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], { cwd: ROOT, env: localEnv(env), stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child);
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (!held) process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
      if (!held) process.stderr.write(chunk);
    });
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
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
/** What its build printed, which tests/ops/npm-start.test.mjs reads instead of building again. */
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
  process.on(signal, () => {
    stopStages();
    void stopShop().then(() => process.exit(130));
  });
}

/**
 * One stage's run: its exit code, output, when it began (since npm test started) and how long it took.
 * @typedef {{ script: string, code: number, output: string, began: number, ms: number }} StageRun
 */

const START = Date.now();
/** The first stage that failed; once one has, the others are stopped and none starts. */
let failedEarly = /** @type {string | false} */ (false);

/**
 * Runs `scripts` one after another (stopping at a failure), its output shown as it comes or
 * held; a failure stops every other stage too.
 * @param {string[]} scripts
 * @param {{ held?: boolean, env?: Record<string, string> }} [options]
 * @returns {Promise<StageRun[]>}
 */
async function lane(scripts, { held = false, env = {} } = {}) {
  /** @type {StageRun[]} */
  const runs = [];
  for (const script of scripts) {
    if (failedEarly) break;
    const started = Date.now();
    const { code, output } = await runScript(script, env, { held });
    runs.push({ script, code, output, began: started - START, ms: Date.now() - started });
    if (code !== 0) {
      if (!failedEarly) {
        failedEarly = script;
        stopStages();
      }
      break;
    }
  }
  return runs;
}

/**
 * Every stage at once, in three lanes, since none keeps both cores busy alone (decision 0031):
 * the browser tests as soon as their shop answers, shown as they run; the worker tests and then
 * the operations tests (which serve the shop's build, so they wait for it too); the typecheck
 * and lint. The held lanes are shown once all are done.
 * @returns {Promise<StageRun[]>}
 */
async function allStages() {
  if (process.env.BASE_URL) {
    // A shop that is already running: nothing to build, the stages one after another.
    return [...(await lane(["check"])), ...(await lane(["test:worker"])), ...(await lane(["test:browser"])), ...(await lane(["test:ops"]))];
  }
  const testShop = startTestShop();
  shop = testShop;
  const checks = lane(["check"], { held: true });
  const workerThenOps = lane(["test:worker"], { held: true }).then(async (worker) => {
    if (failedEarly || !(await testShop.ready())) return worker;
    return [...worker, ...(await lane(["test:ops"], { held: true, env: { BUILD_OUTPUT } }))];
  });
  const browser = (async () => {
    testShop.show();
    if (!(await testShop.ready())) {
      if (failedEarly) return [];
      console.error(`\n✖ The browser tests' shop (scripts/serve-test.mjs) did not answer on ${SHOP_URL}.`);
      return [{ script: "test:browser", code: 1, output: "", began: Date.now() - START, ms: 0 }];
    }
    // The tests that set up codes and partners, or read what the shop recorded, reach its state folder.
    const runs = await lane(["test:browser"], { env: { BASE_URL: SHOP_URL, SHOP_STATE_DIR: TEST_STATE_DIR } });
    await stopShop();
    return runs;
  })();
  const [checkRuns, workerOpsRuns, browserRuns] = await Promise.all([checks, workerThenOps, browser]);
  for (const run of [...checkRuns, ...workerOpsRuns]) process.stdout.write(`\n> ${run.script}\n${run.output}`);
  return [...checkRuns, ...workerOpsRuns, ...browserRuns];
}

/**
 * Playwright's failures as its reporter wrote them ("  1) [desktop] › file:line › title", the
 * error, where), from the first to the summary's end without the line reporter's progress
 * lines, at most 100 lines; or, when it reported none (a file that did not load), its last 40.
 * @param {string} output
 */
function failureRecap(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const first = plain.search(/^ {2}1\) /m);
  const lines =
    first < 0
      ? plain.trimEnd().split("\n").slice(-40)
      : plain
          .slice(first)
          .split("\n")
          .filter((line) => !/^\[\d+\/\d+\] /.test(line));
  const more = lines.length > 100 ? `\n… and ${lines.length - 100} lines more, in its output above` : "";
  return `\nThe browser tests' failures, again:\n${lines.slice(0, 100).join("\n")}${more}`;
}

/** @type {Record<"passed" | "failed" | "skipped", number>} */
const total = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
const runs = await allStages();
await stopShop();
for (const run of runs) {
  const counts = STAGES.find((stage) => stage.script === run.script)?.counts(run.output);
  if (counts) for (const key of /** @type {const} */ (["passed", "failed", "skipped"])) total[key] += counts[key];
  if (run.code !== 0) {
    console.error(`\n✖ npm run ${run.script} ${run.script === failedEarly || !failedEarly ? "failed" : "was stopped"} (exit ${run.code}).`);
    if (total.failed === 0) total.failed = 1;
    exitCode ||= run.code;
  }
}
// The browser tests' output scrolled by first, above every held lane: their failures are
// said again here, so the end of the output (all a CI log may keep) names what failed and why.
for (const run of runs) if (run.code !== 0 && run.script === "test:browser") console.error(failureRecap(run.output));
if (failedEarly) console.error(`npm run ${failedEarly} failed: the stages still running were stopped, and none started after it.`);
console.log(`\ntime: ${runs.map((run) => `${run.script} ${duration(run.ms)} (from ${duration(run.began)})`).join(", ")}, all ${duration(Date.now() - START)}`);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(exitCode);
