ALTER TABLE "social_posts" ADD COLUMN "link_card" jsonb;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "link_card_removed" text;