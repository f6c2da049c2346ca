// npm start: build the shop, migrate and seed the local D1, then serve it with wrangler
// on http://localhost:8787 (or $PORT). Data persists in .wrangler/state between starts.
import { build } from "./build.mjs";
import { adminPasswordSet, exitWith, migrateAndSeed, orExit, serve } from "./local.mjs";

const port = Number(process.env.PORT ?? 8787);

// SKIP_BUILD=1 serves the last build as it is (the operations tests start the shop this way after npm test built it).
if (!process.env.SKIP_BUILD) await build({ quiet: true });
await orExit(migrateAndSeed());
const server = serve({ port });
console.log(`\nThe Raw Dogg shop is starting on http://localhost:${port}`);
console.log(
  adminPasswordSet()
    ? `The back office is at http://localhost:${port}/admin (sign in with ADMIN_PASSWORD from .dev.vars)\n`
    : 'The back office (/admin) is off: put ADMIN_PASSWORD=... in .dev.vars to turn it on (README, "Running the shop")\n',
);
exitWith(server);
