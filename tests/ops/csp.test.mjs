// The pages' CSP allows sonner's own <style> element by the hash of its text
// (workers/edge/security-headers.ts): it must be the hash of the sonner installed, or the
// toasts lose their styles (and the browser reports a CSP violation) after an upgrade.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT } from "../../scripts/local.mjs";

test("the CSP's hash for sonner's stylesheet matches the sonner installed", () => {
  const sonner = readFileSync(
    createRequire(join(ROOT, "package.json"))
      .resolve("sonner")
      .replace(/index\.js$/, "index.mjs"),
    "utf8",
  );
  const inserted = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(sonner);
  assert.ok(inserted, "sonner no longer inserts its stylesheet with __insertCSS: check how it styles its toasts now");
  const hash = `'sha256-${createHash("sha256").update(JSON.parse(inserted[1]), "utf8").digest("base64")}'`;
  const headers = readFileSync(join(ROOT, "workers", "edge", "security-headers.ts"), "utf8");
  assert.match(headers, new RegExp(`SONNER_STYLE_HASH = "${hash.replace(/[+/]/g, "\\$&")}"`));
});
