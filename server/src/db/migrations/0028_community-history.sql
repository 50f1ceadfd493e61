CREATE TABLE "community_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"comment_id" uuid,
	"author_id" uuid,
	"body" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "community_revisions" ADD CONSTRAINT "community_revisions_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_revisions" ADD CONSTRAINT "community_revisions_comment_id_community_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."community_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_revisions" ADD CONSTRAINT "community_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_revisions_target_idx" ON "community_revisions" USING btree ("post_id","comment_id","replaced_at");--> statement-breakpoint
CREATE INDEX "community_revisions_author_idx" ON "community_revisions" USING btree ("author_id");