ALTER TABLE "knowledge_points" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_points" ADD COLUMN "questions" text[] DEFAULT '{}'::text[] NOT NULL;