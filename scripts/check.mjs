// npm run check: the typecheck and the lint in one process, on one pair of TypeScript programs.
// `tsc -b` and ESLint's typed rules (decision 0029) each built the two tsconfigs' programs from
// scratch; here TypeScript builds each once, reports its errors as `tsc -b` does, and ESLint's
// typed rules read the same programs (typescript-eslint's `parserOptions.programs`), whose
// checker has already worked out most of what the rules ask.
import { ESLint } from "eslint";
import ts from "typescript";
import { globSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./local.mjs";

const CONFIGS = ["tsconfig.node.json", "tsconfig.cloudflare.json"];

/** One tsconfig's program, as `tsc -b` builds it (no emit). @param {string} config */
function programOf(config) {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, config), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => report([d]) });
  if (!parsed) throw new Error(`${config} could not be read`);
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: { ...parsed.options, noEmit: true },
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: parsed.errors,
  });
}

/** @type {ts.FormatDiagnosticsHost} */
const host = { getCanonicalFileName: (file) => file, getCurrentDirectory: () => ROOT, getNewLine: () => "\n" };
/** @param {readonly ts.Diagnostic[]} diagnostics */
function report(diagnostics) {
  if (diagnostics.length) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
}

let failed = false;
const programs = CONFIGS.map(programOf);
for (const program of programs) {
  const diagnostics = ts.getPreEmitDiagnostics(program);
  report(diagnostics);
  if (diagnostics.length) failed = true;
}
console.log(`typecheck: ${failed ? "errors above" : "no errors"}`);

// The files in neither tsconfig, which eslint.config.js lets typescript-eslint's project
// service infer a project for (`allowDefaultProject`): a program of their own.
const { languageOptions } = await new ESLint({ cwd: ROOT }).calculateConfigForFile("eslint.config.js");
const loose = ts.createProgram({
  rootNames: globSync(languageOptions.parserOptions.projectService.allowDefaultProject, { cwd: ROOT }).map((file) => join(ROOT, file)),
  options: { ...programs[0].getCompilerOptions(), allowJs: true, checkJs: false, noEmit: true, composite: false, tsBuildInfoFile: undefined },
});

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, programs: [...programs, loose] } } },
});
const results = await eslint.lintFiles(["."]);
const formatter = await eslint.loadFormatter("stylish");
const text = await formatter.format(results);
if (text) console.log(text);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
console.log(`lint: ${problems} problems`);
process.exit(failed || problems ? 1 : 0);
