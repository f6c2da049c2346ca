-- Orders placed before 0004 have bundle_savings 0 whatever they saved. Their totals hold
-- total = subtotal - savings + shipping + tax (the contract), so the saving is what the
-- totals leave over. Emails and the back office read the column alone from now on.
UPDATE `orders` SET `bundle_savings` = max(0, `subtotal` + `shipping` + `tax` - `total`) WHERE `bundle_savings` = 0;
