CREATE TABLE "artwork_media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"artwork_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size_bytes" bigint,
	"storage_key" text NOT NULL,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artworks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"year" integer,
	"medium" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"sale_status" text NOT NULL,
	"media_type" text NOT NULL,
	"dimensions" jsonb NOT NULL,
	"primary_image_media_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"artwork_id" uuid,
	"media_id" uuid,
	"changed_fields" text[],
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artwork_media" ADD CONSTRAINT "artwork_media_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_media" ADD CONSTRAINT "artwork_media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_media_artwork_idx" ON "artwork_media" USING btree ("artwork_id","created_at");--> statement-breakpoint
CREATE INDEX "artworks_user_created_idx" ON "artworks" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "artworks_user_updated_idx" ON "artworks" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "artworks_user_title_idx" ON "artworks" USING btree ("user_id","title","id");--> statement-breakpoint
CREATE INDEX "artworks_user_year_idx" ON "artworks" USING btree ("user_id","year","id");--> statement-breakpoint
CREATE INDEX "artworks_user_medium_idx" ON "artworks" USING btree ("user_id","medium","id");--> statement-breakpoint
CREATE INDEX "artworks_user_status_idx" ON "artworks" USING btree ("user_id","sale_status","id");--> statement-breakpoint
CREATE INDEX "journal_user_created_idx" ON "journal_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_slug_key" ON "publications" USING btree ("slug");