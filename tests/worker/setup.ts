import { env } from "cloudflare:workers";
import { applyD1Migrations } from "cloudflare:test";
import { vi } from "vitest";

// Generous per-test time: a test normally takes milliseconds, but a busy machine (browser
// tests, builds) can slow workerd tenfold, and a timeout there is noise, not a finding.
vi.setConfig({ testTimeout: 30_000 });

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.DB.batch(env.TEST_SEED.map((statement) => env.DB.prepare(statement)));

// The single's files in the pool's R2 bucket, as small stand-ins that start as the real
// ones do (an ID3 tag, a FLAC stream marker); the browser tests download the real files.
const standIn = (head: string) => new Uint8Array([...new TextEncoder().encode(head), ...new Uint8Array(2048).fill(0x55)]);
await env.DOWNLOADS.put("welcome-to-the-pound.mp3", standIn("ID3"));
await env.DOWNLOADS.put("welcome-to-the-pound.flac", standIn("fLaC"));
