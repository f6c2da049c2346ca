import { env } from "cloudflare:workers";
import { applyD1Migrations } from "cloudflare:test";
import { vi } from "vitest";

// Generous per-test time: a test normally takes milliseconds, but a busy machine (browser
// tests, builds) can slow workerd tenfold, and a timeout there is noise, not a finding.
vi.setConfig({ testTimeout: 30_000 });

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.DB.batch(env.TEST_SEED.map((statement) => env.DB.prepare(statement)));
