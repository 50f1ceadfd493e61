CREATE TABLE "member_outcomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"occurred_on" date NOT NULL,
	"annual_amount" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_outcomes_amount_check" CHECK ("member_outcomes"."annual_amount" is null or "member_outcomes"."annual_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"preferences" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"headline" text,
	"bio" text,
	"industry" text,
	"city" text,
	"region" text,
	"country" text,
	"latitude" double precision,
	"longitude" double precision,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"privacy" text DEFAULT 'members' NOT NULL,
	"photo_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_privacy_check" CHECK ("profiles"."privacy" in ('everyone', 'members', 'only-me'))
);
--> statement-breakpoint
ALTER TABLE "member_outcomes" ADD CONSTRAINT "member_outcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_preferences" ADD CONSTRAINT "member_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_outcomes_user_idx" ON "member_outcomes" USING btree ("user_id","occurred_on");--> statement-breakpoint
CREATE INDEX "member_outcomes_occurred_idx" ON "member_outcomes" USING btree ("occurred_on");--> statement-breakpoint
CREATE INDEX "profiles_industry_idx" ON "profiles" USING btree ("industry");