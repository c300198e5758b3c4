CREATE TABLE "artwork_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"undo" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "artwork_media" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "show_on_site" boolean;--> statement-breakpoint
ALTER TABLE "artwork_batches" ADD CONSTRAINT "artwork_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_batches_created_idx" ON "artwork_batches" USING btree ("created_at");