import { env } from "cloudflare:workers";
import { applyD1Migrations } from "cloudflare:test";
import { vi } from "vitest";
import { forgetHeldCatalog } from "../../workers/shop/catalog";

// Generous per-test time: a test normally takes milliseconds, but a busy machine (browser
// tests, builds) can slow workerd tenfold, and a timeout there is noise, not a finding.
vi.setConfig({ testTimeout: 30_000 });

// The files share one workerd (vitest.config.ts: starting one per file cost half the stage),
// so each starts from what a fresh one holds: every table dropped, the KV namespaces and the
// bucket emptied, then the migrations and the seed; and the isolate forgets the catalog
// version it held for up to 5 s, which named the previous file's database.
forgetHeldCatalog();
const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{
  name: string;
}>();
if (tables.results.length > 0) {
  await env.DB.batch([env.DB.prepare("PRAGMA defer_foreign_keys = on"), ...tables.results.map(({ name }) => env.DB.prepare(`DROP TABLE "${name}"`))]);
}
for (const kv of [env.CATALOG_KV, env.ADMIN_SESSIONS, env.PARTNER_SESSIONS]) {
  for (let list = await kv.list(); ; list = await kv.list({ cursor: list.cursor })) {
    await Promise.all(list.keys.map(({ name }) => kv.delete(name)));
    if (list.list_complete) break;
  }
}
for (let list = await env.DOWNLOADS.list(); ; list = await env.DOWNLOADS.list({ cursor: list.cursor })) {
  if (list.objects.length > 0) await env.DOWNLOADS.delete(list.objects.map(({ key }) => key));
  if (!list.truncated) break;
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.DB.batch(env.TEST_SEED.map((statement) => env.DB.prepare(statement)));

// The single's files in the pool's R2 bucket, as small stand-ins that start as the real
// ones do (an ID3 tag, a FLAC stream marker); the browser tests download the real files.
const standIn = (head: string) => new Uint8Array([...new TextEncoder().encode(head), ...new Uint8Array(2048).fill(0x55)]);
await env.DOWNLOADS.put("welcome-to-the-pound.mp3", standIn("ID3"));
await env.DOWNLOADS.put("welcome-to-the-pound.flac", standIn("fLaC"));
