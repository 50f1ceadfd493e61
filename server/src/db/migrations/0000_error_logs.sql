CREATE TABLE "error_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text NOT NULL,
	"url" text NOT NULL,
	"context" jsonb,
	"code" text,
	"severity" text,
	"user_message" text,
	"client_ip" text
);
--> statement-breakpoint
CREATE INDEX "error_logs_received_at_idx" ON "error_logs" USING btree ("received_at");