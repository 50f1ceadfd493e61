CREATE TABLE "community_post_images" (
	"key" text NOT NULL,
	"uploader_id" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_post_images_key_uploader_id_pk" PRIMARY KEY("key","uploader_id")
);
--> statement-breakpoint
ALTER TABLE "community_post_images" ADD CONSTRAINT "community_post_images_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_post_images_uploaded_idx" ON "community_post_images" USING btree ("uploaded_at");