ALTER TABLE "uploads" ADD COLUMN "crop" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_original_key" text;