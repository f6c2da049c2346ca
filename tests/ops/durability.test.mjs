// Operations: the shop's data survives later migrations, and the Worker builds for
// deployment (a restart: tests/ops/npm-start.test.mjs). Run by `npm run test:ops` (node's
// test runner), after a build.
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { migrate as migrateLocally, ROOT, seededDatabase } from "../../scripts/local.mjs";
import { ensureBuilt, freshStateDir, migrate, sql, tool } from "./helpers.mjs";

const dirs = [];
before(() => ensureBuilt());
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A database as `npm start` leaves it, migrated and seeded (a copy of the template): each test works on its own. */
async function seededCopy() {
  const stateDir = freshStateDir();
  dirs.push(stateDir);
  await seededDatabase(stateDir);
  return stateDir;
}

test("a migration added later applies cleanly over a database with carts and orders in it", async () => {
  const stateDir = await seededCopy();
  sql(
    stateDir,
    "INSERT INTO carts (id) VALUES ('durability-test-visitor-1')",
    "INSERT INTO cart_lines (cart_id, product_id, quantity) VALUES ('durability-test-visitor-1', 1, 2)",
    "INSERT INTO orders (id, session_id, status, email, subtotal, tax, total) VALUES ('ord_durability', 'durability-test-visitor-1', 'placed', 'a@b.co', 2598, 208, 2806)",
    "INSERT INTO order_lines (order_id, product_id, name, unit_price, quantity, line_total) VALUES ('ord_durability', 1, 'Plain Jane', 1299, 2, 2598)",
  );
  // The project's migrations plus one more, as a later release would add it.
  const migrations = join(stateDir, "migrations");
  cpSync(join(ROOT, "migrations"), migrations, { recursive: true });
  writeFileSync(
    join(migrations, "9999_later_release.sql"),
    "ALTER TABLE `orders` ADD `notes` text;\n--> statement-breakpoint\nCREATE INDEX `cart_lines_product_idx` ON `cart_lines` (`product_id`);\n",
  );
  const config = join(stateDir, "wrangler.toml");
  writeFileSync(config, readFileSync(join(ROOT, "wrangler.toml"), "utf8").replace('migrations_dir = "migrations"', `migrations_dir = "${migrations}"`));
  const applied = migrate(stateDir, config);
  assert.match(applied, /9999_later_release/);
  const [cartLines, orders, orderLines, products] = sql(
    stateDir,
    "SELECT quantity FROM cart_lines WHERE cart_id = 'durability-test-visitor-1'",
    "SELECT total, notes FROM orders WHERE id = 'ord_durability'",
    "SELECT count(*) AS n FROM order_lines WHERE order_id = 'ord_durability'",
    "SELECT count(*) AS n FROM products",
  );
  assert.deepEqual(cartLines, [{ quantity: 2 }]);
  assert.deepEqual(orders, [{ total: 2806, notes: null }]);
  assert.equal(orderLines[0].n, 1);
  assert.equal(products[0].n > 0, true);
});

test("the migration to variants keeps every existing cart line and order valid", async () => {
  const stateDir = freshStateDir();
  dirs.push(stateDir);
  // A database as the release before variants left it: migrated to 0007, with a catalog, carts and orders in it.
  const migrations = join(stateDir, "migrations");
  // Only the migrations before 0008 (the later ones come with it, below).
  cpSync(join(ROOT, "migrations"), migrations, {
    recursive: true,
    filter: (path) => !/\/(\d{4})_[^/]*\.sql$/.test(path) || Number(/\/(\d{4})_/.exec(path)[1]) < 8,
  });
  const config = join(stateDir, "wrangler.toml");
  writeFileSync(config, readFileSync(join(ROOT, "wrangler.toml"), "utf8").replace('migrations_dir = "migrations"', `migrations_dir = "${migrations}"`));
  // Up to 0007 as `npm start` migrates (scripts/local.mjs); from 0008 on with wrangler, as a
  // deploy does: wrangler takes up where the local migrations left off.
  await migrateLocally(stateDir, migrations);
  sql(
    stateDir,
    "INSERT INTO categories (id, name, slug, type) VALUES (1, 'Classic', 'classic', 'condom'), (5, 'Women''s', 'womens', 'apparel')",
    "INSERT INTO products (id, name, slug, description, price, image_url, category_id, type, pack_size) VALUES (1, 'Plain Jane', 'plain-jane', 'A condom.', 1299, '/images/products/plain-jane.svg', 1, 'classic', 12), (11, 'Raw Dogg Performance Tank', 'raw-dogg-performance-tank', 'A tank.', 3499, '/images/products/raw-dogg-performance-tank.svg', 5, 'tank', NULL), (99, 'An Owner''s Product', 'owners-product', 'Added by hand.', 500, '/images/products/plain-jane.svg', 1, 'classic', 3)",
    "INSERT INTO carts (id) VALUES ('before-variants')",
    "INSERT INTO cart_lines (cart_id, product_id, quantity) VALUES ('before-variants', 1, 2), ('before-variants', 11, 1), ('before-variants', 99, 4)",
    "INSERT INTO orders (id, session_id, status, email, subtotal, tax, total) VALUES ('ord_before', 'before-variants', 'placed', 'a@b.co', 6097, 488, 6585)",
    "INSERT INTO order_lines (order_id, product_id, name, unit_price, quantity, line_total) VALUES ('ord_before', 1, 'Plain Jane', 1299, 2, 2598), ('ord_before', 11, 'Raw Dogg Performance Tank', 3499, 1, 3499)",
  );
  cpSync(join(ROOT, "migrations"), migrations, { recursive: true });
  assert.match(migrate(stateDir, config), /0008_variants_stock_and_downloads/);
  const [cartLines, orderLines, variants, tank, [numbered], events] = sql(
    stateDir,
    "SELECT product_id, variant_id, quantity FROM cart_lines WHERE cart_id = 'before-variants' ORDER BY id",
    "SELECT product_id, variant_id, sku, name, quantity, line_total FROM order_lines WHERE order_id = 'ord_before' ORDER BY id",
    "SELECT product_id, count(*) AS n FROM variants GROUP BY product_id ORDER BY product_id",
    "SELECT options FROM products WHERE id = 11",
    "SELECT number, access_token FROM orders WHERE id = 'ord_before'",
    "SELECT status, actor FROM order_events WHERE order_id = 'ord_before'",
  );
  // A product without options: its lines are lines of its one variant. The tank's line is one whose size is still to choose.
  assert.deepEqual(cartLines, [
    { product_id: 1, variant_id: 101, quantity: 2 },
    { product_id: 11, variant_id: null, quantity: 1 },
    { product_id: 99, variant_id: 9901, quantity: 4 },
  ]);
  assert.deepEqual(orderLines, [
    { product_id: 1, variant_id: 101, sku: "RD-PLAIN-12", name: "Plain Jane", quantity: 2, line_total: 2598 },
    { product_id: 11, variant_id: null, sku: "", name: "Raw Dogg Performance Tank", quantity: 1, line_total: 3499 },
  ]);
  assert.deepEqual(variants, [
    { product_id: 1, n: 1 },
    { product_id: 11, n: 15 },
    { product_id: 99, n: 1 },
  ]);
  assert.match(tank[0].options, /"Colour"/);
  // Migration 0011: an order placed before numbers gets one, a link token and its placed event.
  assert.match(numbered.number, /^RD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  assert.match(numbered.access_token, /^[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(events, [{ status: "placed", actor: "shop" }]);
});

test("the Worker builds for deployment (wrangler deploy --dry-run)", () => {
  const out = tool("wrangler", ["deploy", "--dry-run"]);
  assert.match(out, /Total Upload: [\d.]+ KiB \/ gzip: [\d.]+ KiB/);
  assert.match(out, /--dry-run: exiting now/);
  console.log(out.match(/Total Upload: .*/)?.[0]);
});
