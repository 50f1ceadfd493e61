CREATE TABLE "partner_connection_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"message" text NOT NULL,
	"preferred_contact" text NOT NULL,
	"consent_to_share_profile" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	CONSTRAINT "partner_requests_consent_check" CHECK ("partner_connection_requests"."consent_to_share_profile"),
	CONSTRAINT "partner_requests_contact_check" CHECK ("partner_connection_requests"."preferred_contact" in ('email', 'phone', 'in-app')),
	CONSTRAINT "partner_requests_status_check" CHECK ("partner_connection_requests"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"skill_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"website" text,
	"logo_svg" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', city || ' ' || replace(immutable_array_to_string(skill_tags), '-', ' ')), 'B') || setweight(to_tsvector('english', description), 'C')) STORED NOT NULL,
	CONSTRAINT "partners_slug_unique" UNIQUE("slug"),
	CONSTRAINT "partners_category_check" CHECK ("partners"."category" in ('employer', 'training-provider', 'funder', 'support-service')),
	CONSTRAINT "partners_lat_check" CHECK ("partners"."lat" between -90 and 90),
	CONSTRAINT "partners_lng_check" CHECK ("partners"."lng" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "partner_connection_requests" ADD CONSTRAINT "partner_connection_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_connection_requests" ADD CONSTRAINT "partner_connection_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_connection_requests" ADD CONSTRAINT "partner_connection_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_requests_one_open_idx" ON "partner_connection_requests" USING btree ("user_id","partner_id") WHERE "partner_connection_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "partner_requests_user_idx" ON "partner_connection_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_requests_status_idx" ON "partner_connection_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "partner_requests_partner_idx" ON "partner_connection_requests" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partners_search_idx" ON "partners" USING gin ("search");--> statement-breakpoint
CREATE INDEX "partners_location_idx" ON "partners" USING gist (ll_to_earth("lat", "lng"));--> statement-breakpoint
CREATE INDEX "partners_category_idx" ON "partners" USING btree ("category");