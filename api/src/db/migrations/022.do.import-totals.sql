-- An import's totals as wide as every other total (docs/decisions/005-money-bounds.md).
--
-- NUMERIC(16, 2) held 99,999,999,999,999.99: 101 rows of the largest amount (999,999,999,999.99)
-- already passed it, and the import failed on writing its own record. An import holds at most
-- 200,000 rows, so its totals stay below 2 × 10^17; NUMERIC(33, 2), the roll-ups' type, holds
-- them with room to spare. The column keeps its values; only its type widens.
ALTER TABLE imports
  ALTER COLUMN credit TYPE NUMERIC(33, 2),
  ALTER COLUMN debit TYPE NUMERIC(33, 2);
