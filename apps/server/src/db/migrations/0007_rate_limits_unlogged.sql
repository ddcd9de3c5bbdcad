-- Rate-limit counters are no record worth a disk flush (decision 0024): unlogged, a
-- commit that only counts a hit does not wait for the WAL, so a hot counter (one
-- network's key) is held for microseconds, not a flush. A crash empties the table:
-- the windows start again.
ALTER TABLE "rate_limits" SET UNLOGGED;
