CREATE TABLE "bluesky_oauth_store" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sealed" text NOT NULL,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bluesky_oauth_store_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "post_labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "auth_method" text DEFAULT 'app-password' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "needs_reconnect_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "parts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "part_rkeys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "likes" integer;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "reposts" integer;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "replies" integer;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "quotes" integer;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "metrics_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "metrics_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "metrics_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "video_state" text;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "video_job_id" text;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "video_progress" integer;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "video_blob" jsonb;--> statement-breakpoint
ALTER TABLE "social_post_media" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "langs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "link_card" jsonb;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "link_card_removed" text;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "thread_breaks" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "post_language" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_delivery_id_social_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."social_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_deliveries_recent_idx" ON "social_deliveries" USING btree ("posted_at") WHERE status = 'posted';