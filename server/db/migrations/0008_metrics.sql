ALTER TABLE "mail_outbox" ADD COLUMN "delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "needs_reconnect_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "likes" integer;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "reposts" integer;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "replies" integer;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "quotes" integer;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "metrics_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "metrics_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_deliveries" ADD COLUMN "metrics_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_delivery_id_social_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."social_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_deliveries_recent_idx" ON "social_deliveries" USING btree ("posted_at") WHERE status = 'posted';