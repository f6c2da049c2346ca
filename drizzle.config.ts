import { defineConfig } from "drizzle-kit";

// Migrations are generated here and applied by wrangler (`wrangler d1 migrations apply`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./workers/db/schema/index.ts",
  out: "./migrations",
});
