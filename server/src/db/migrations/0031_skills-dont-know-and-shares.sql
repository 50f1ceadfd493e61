CREATE TABLE "skill_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"skill" text NOT NULL,
	"attempt_id" uuid NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "skill_responses" ADD COLUMN "dont_know" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "skill_shares" ADD CONSTRAINT "skill_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_shares" ADD CONSTRAINT "skill_shares_attempt_id_skill_skill_results_attempt_id_skill_fk" FOREIGN KEY ("attempt_id","skill") REFERENCES "public"."skill_results"("attempt_id","skill") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "skill_shares_user_skill_idx" ON "skill_shares" USING btree ("user_id","skill");