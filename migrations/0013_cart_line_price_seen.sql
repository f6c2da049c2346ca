-- The unit price the shopper last saw on a cart line (docs/decisions/0023). Nullable: a line
-- from before it has nothing to announce until it is shown once.
ALTER TABLE `cart_lines` ADD `price_seen` integer;
