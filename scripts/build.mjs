// npm run build: the raster renditions of the product art, then `react-router build`
// (`node scripts/build.mjs typegen`: React Router's route types, for npm run typecheck).
//
// `react-router build` (7.18, the latest 7.x) prints "The `envFile` option is deprecated,
// please use `envDir: false` instead." three times on Vite 8: it passes `envFile: false` to
// the Vite servers it starts inside itself, which no config of ours reaches. The line says
// nothing to whoever runs the shop, so it is dropped here (`upstreamNoise`); every other
// line passes through as it comes. `--quiet` (npm start) also keeps Vite's list of built
// files to itself and prints one line when the build is done; warnings and errors still show.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { localEnv, ROOT } from "./local.mjs";

/** Lines that tools we depend on print and that we cannot stop at their source. */
export const upstreamNoise = [/The `envFile` option is deprecated, please use `envDir: false` instead\./];

/** @param {string} line */
export const isNoise = (line) => upstreamNoise.some((pattern) => pattern.test(line));

/**
 * Runs a command, forwarding its output line by line except the upstream noise; resolves
 * with its exit code.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<number>}
 */
export function runFiltered(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: localEnv(), stdio: ["ignore", "pipe", "pipe"] });
    for (const [stream, out] of /** @type {const} */ ([
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])) {
      createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
        if (!isNoise(line)) out.write(`${line}\n`);
      });
    }
    child.on("error", (error) => {
      console.error(`✖ ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/**
 * Builds the shop; exits the process on a failure, as the other local scripts do.
 * @param {{ quiet?: boolean }} [options]
 */
export async function build({ quiet = false } = {}) {
  const started = Date.now();
  for (const [command, args] of /** @type {[string, string[]][]} */ ([
    ["node", ["scripts/raster-images.mjs"]],
    ["react-router", ["build", ...(quiet ? ["--logLevel", "warn"] : [])]],
  ])) {
    const code = await runFiltered(command, args);
    if (code !== 0) {
      console.error(`\n✖ ${command} ${args.join(" ")} failed (exit ${code}).`);
      process.exit(code);
    }
  }
  if (quiet) console.log(`Built the shop in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("typegen")) process.exit(await runFiltered("react-router", ["typegen"]));
  await build({ quiet: process.argv.includes("--quiet") });
}
