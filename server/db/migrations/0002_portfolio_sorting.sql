DROP INDEX "artworks_user_title_idx";--> statement-breakpoint
DROP INDEX "artworks_user_medium_idx";--> statement-breakpoint
ALTER TABLE "publications" ALTER COLUMN "snapshot" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "artworks_user_title_idx" ON "artworks" USING btree ("user_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "artworks_user_medium_idx" ON "artworks" USING btree ("user_id",lower("medium"),"id");