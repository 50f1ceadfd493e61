-- "Near me" ordering (docs/decisions): earth_box filters through a GiST index on ll_to_earth(lat, lng),
-- earth_distance orders. Both ship with PostgreSQL's contrib (embedded build and Debian's packages).
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
