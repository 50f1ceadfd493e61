ALTER TABLE "notifications" ADD COLUMN "source_comment_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "source_post_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "source_member_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_source_comment_id_community_comments_id_fk" FOREIGN KEY ("source_comment_id") REFERENCES "public"."community_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_source_post_id_community_posts_id_fk" FOREIGN KEY ("source_post_id") REFERENCES "public"."community_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_source_member_id_users_id_fk" FOREIGN KEY ("source_member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_source_comment_idx" ON "notifications" USING btree ("source_comment_id") WHERE "notifications"."source_comment_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_source_post_idx" ON "notifications" USING btree ("source_post_id") WHERE "notifications"."source_post_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_source_member_idx" ON "notifications" USING btree ("source_member_id") WHERE "notifications"."source_member_id" is not null;