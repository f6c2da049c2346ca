// The local shop's emails outlive a restart: wrangler's simulated send_email writes each one
// under a folder of its run (.wrangler/tmp/email/…) that it deletes when it stops, so
// `npm start` keeps a copy of each in the state folder's emails/ (scripts/local.mjs
// `keepEmails`), which the README names.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { emailsDir, seededDatabase } from "../../scripts/local.mjs";
import { ensureBuilt, freshStateDir, npmStart } from "./helpers.mjs";

const PORT = Number(process.env.TEST_PORT ?? 8790) + 8;
const BASE = `http://127.0.0.1:${PORT}`;

const start = (stateDir) => npmStart({ port: PORT, stateDir });

/** Waits until `check` returns something truthy, at most `ms`. */
async function until(check, ms, what) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test("an email the local shop sent before a restart is still in the state folder's emails/ after it, its From, To and Subject on top", async () => {
  ensureBuilt();
  const stateDir = freshStateDir();
  // Migrated and seeded already (quiet-start.test.mjs watches npm start do it on an empty folder).
  await seededDatabase(stateDir);
  const dir = emailsDir(stateDir);
  const to = `kept-${Date.now().toString(36)}@example.com`;
  try {
    const first = await start(stateDir);
    let tmpFolder;
    try {
      const applied = await fetch(`${BASE}/api/creators`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: BASE },
        body: JSON.stringify({
          name: "Casey Kept",
          email: to,
          socialLinks: { tiktok: "@casey" },
          bio: "Comedy sketches about dating and safer sex.",
          portfolioUrls: [`${BASE}/images/creators/jay-bark.svg`],
          paymentInfo: { paymentMethod: "paypal", accountDetails: "casey@paypal.example.com" },
        }),
      });
      assert.equal(applied.status, 201, await applied.text());
      await until(() => existsSync(dir) && readdirSync(dir).some((name) => name.endsWith(".txt")), 60_000, "no email was kept");
      tmpFolder = /Text: (\S+)\/email-text\//.exec(first.output)?.[1];
    } finally {
      await first.stop();
    }
    // wrangler logged where its own copy was (under .wrangler/tmp, which goes with its run:
    // not asserted, since another local server started from the same folder keeps it alive).
    assert.ok(tmpFolder, "wrangler logged where it wrote the email");

    const second = await start(stateDir);
    await second.stop();
    const names = readdirSync(dir).sort();
    assert.equal(names.length, 2, names.join(", "));
    const [html, text] = names;
    assert.match(text, /^\d{4}-\d\d-\d\dT[\d-]+\.\d+Z We received your Raw Dogg content creator program application\.txt$/);
    assert.equal(html, text.replace(/\.txt$/, ".html"));
    const kept = readFileSync(join(dir, text), "utf8");
    assert.match(
      kept,
      new RegExp(
        `^From: .*orders@rawdogg\\.com.*\\nTo: ${to}\\nSubject: We received your Raw Dogg content creator program application\\n\\nThanks for applying, Casey Kept\\.`,
      ),
    );
    assert.match(readFileSync(join(dir, html), "utf8"), /^<!--\nFrom: [^\n]*\nTo: [^\n]*\nSubject: [^\n]*\n-->\n<!doctype html>/);
    assert.match(first.output, /Email kept: /);
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
});
