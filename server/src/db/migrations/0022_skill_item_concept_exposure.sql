ALTER TABLE "skill_items" ADD COLUMN "concept" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "skill_items" ADD COLUMN "exposure" real DEFAULT 1 NOT NULL;