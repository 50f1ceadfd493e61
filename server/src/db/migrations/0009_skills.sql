CREATE TABLE "skill_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"skills" text[] NOT NULL,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "skill_attempts_status_check" CHECK ("skill_attempts"."status" in ('in-progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "skill_items" (
	"id" text PRIMARY KEY NOT NULL,
	"skill" text NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb NOT NULL,
	"answer" integer NOT NULL,
	"explanation" text NOT NULL,
	"discrimination" real NOT NULL,
	"difficulty" real NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "skill_items_answer_check" CHECK ("skill_items"."answer" between 0 and 3),
	CONSTRAINT "skill_items_discrimination_check" CHECK ("skill_items"."discrimination" > 0)
);
--> statement-breakpoint
CREATE TABLE "skill_responses" (
	"attempt_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"skill" text NOT NULL,
	"sequence" integer NOT NULL,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"choice" integer,
	"correct" boolean,
	"time_spent_ms" integer,
	CONSTRAINT "skill_responses_attempt_id_item_id_pk" PRIMARY KEY("attempt_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "skill_results" (
	"attempt_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"skill" text NOT NULL,
	"theta" real NOT NULL,
	"standard_error" real NOT NULL,
	"score" integer NOT NULL,
	"items_answered" integer NOT NULL,
	"correct_count" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "skill_results_attempt_id_skill_pk" PRIMARY KEY("attempt_id","skill")
);
--> statement-breakpoint
ALTER TABLE "skill_attempts" ADD CONSTRAINT "skill_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_responses" ADD CONSTRAINT "skill_responses_attempt_id_skill_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."skill_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_responses" ADD CONSTRAINT "skill_responses_item_id_skill_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."skill_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_results" ADD CONSTRAINT "skill_results_attempt_id_skill_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."skill_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_results" ADD CONSTRAINT "skill_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skill_attempts_user_idx" ON "skill_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "skill_attempts_one_active_idx" ON "skill_attempts" USING btree ("user_id") WHERE "skill_attempts"."status" = 'in-progress';--> statement-breakpoint
CREATE INDEX "skill_items_skill_idx" ON "skill_items" USING btree ("skill");--> statement-breakpoint
CREATE UNIQUE INDEX "skill_responses_one_open_idx" ON "skill_responses" USING btree ("attempt_id") WHERE "skill_responses"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "skill_results_user_skill_idx" ON "skill_results" USING btree ("user_id","skill","completed_at");--> statement-breakpoint
CREATE INDEX "skill_results_skill_idx" ON "skill_results" USING btree ("skill","user_id","completed_at");