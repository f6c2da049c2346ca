-- The discount codes the conformance suite's discount tests apply (test_fixtures.json names
-- them): 10OFF, 10% off, and FIXED500, $5.00 off, both for any product, with no minimum, no
-- dates and no limit on uses. run.sh applies this file to the local D1 of the shop it tests
-- (`wrangler d1 execute DB --local`); it is never part of the seed, so no real shop has them.
-- Run again, it puts them back as they were (active, unlimited), whatever a test run did.
INSERT INTO discount_codes (code, kind, value) VALUES ('10OFF', 'percent', 10), ('FIXED500', 'amount', 500)
ON CONFLICT (code) DO UPDATE SET
  kind = excluded.kind, value = excluded.value, min_subtotal = NULL, starts_at = NULL, ends_at = NULL,
  max_uses = NULL, max_uses_per_email = NULL, product_ids = NULL, status = 'active', source = 'owner',
  email = NULL, updated_at = CURRENT_TIMESTAMP;
