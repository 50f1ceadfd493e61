CREATE TABLE "video_progress" (
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"position_seconds" real DEFAULT 0 NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_progress_user_id_video_id_pk" PRIMARY KEY("user_id","video_id"),
	CONSTRAINT "video_progress_position_check" CHECK ("video_progress"."position_seconds" >= 0),
	CONSTRAINT "video_progress_watched_check" CHECK ("video_progress"."watched_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"skill_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"media_key" text NOT NULL,
	"media_version" text NOT NULL,
	"poster_key" text NOT NULL,
	"poster_version" text NOT NULL,
	"captions_key" text,
	"captions_version" text,
	"published" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_slug_unique" UNIQUE("slug"),
	CONSTRAINT "videos_kind_check" CHECK ("videos"."kind" in ('featured', 'short')),
	CONSTRAINT "videos_duration_check" CHECK ("videos"."duration_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_progress_user_updated_idx" ON "video_progress" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "videos_kind_listing_idx" ON "videos" USING btree ("kind","published","position");--> statement-breakpoint
CREATE INDEX "videos_skill_tags_idx" ON "videos" USING gin ("skill_tags");