// npm test: every check in order (typecheck, worker tests in workerd, browser tests,
// operations tests), stopping at the first failure, then one closing line that adds up
// every runner's counts: "total: N passed, N failed, N skipped", after one with each
// stage's time. Playwright leaves out the tests a project's grep filters out (a functional
// test at phone width): they are not skipped, just not part of that project.
import { spawn } from "node:child_process";
import { localEnv, ROOT } from "./local.mjs";

/**
 * Each stage: its npm script, and how to read its runner's closing counts.
 * @type {{ script: string, counts: (output: string) => { passed: number, failed: number, skipped: number } | null }[]}
 */
const STAGES = [
  { script: "typecheck", counts: () => null },
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
 * Runs an npm script, showing its output as it comes and keeping a copy to read counts from.
 * @param {string} script
 * @returns {Promise<{ code: number, output: string }>}
 */
function runScript(script) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], { cwd: ROOT, env: localEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** @param {number} ms */
const duration = (ms) => {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

/** @type {Record<"passed" | "failed" | "skipped", number>} */
const total = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const times = [];
let exitCode = 0;
for (const stage of STAGES) {
  const started = Date.now();
  const { code, output } = await runScript(stage.script);
  times.push(`${stage.script} ${duration(Date.now() - started)}`);
  const counts = stage.counts(output);
  if (counts) for (const key of /** @type {const} */ (["passed", "failed", "skipped"])) total[key] += counts[key];
  if (code !== 0) {
    console.error(`\n✖ npm run ${stage.script} failed (exit ${code}); later stages were not run.`);
    if (total.failed === 0) total.failed = 1;
    exitCode = code;
    break;
  }
}
console.log(`\ntime: ${times.join(", ")}`);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(exitCode);
