CREATE TABLE "artwork_pieces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" integer,
	"sale" text DEFAULT 'available' NOT NULL,
	"custody" text DEFAULT 'studio' NOT NULL,
	"hold_contact_id" uuid,
	"hold_until" timestamp with time zone,
	"consignment_id" uuid,
	"loan_borrower" text,
	"loan_until" date,
	"place" text,
	"price_amount" bigint,
	"price_currency" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consignment_items" (
	"consignment_id" uuid NOT NULL,
	"piece_id" uuid NOT NULL,
	"artwork_id" uuid NOT NULL,
	"returned_on" date,
	"returned_at" timestamp with time zone,
	"sale_id" uuid,
	CONSTRAINT "consignment_items_consignment_id_piece_id_pk" PRIMARY KEY("consignment_id","piece_id")
);
--> statement-breakpoint
CREATE TABLE "consignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"commission_basis_points" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"overdue_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"artwork_id" uuid NOT NULL,
	"piece_id" uuid NOT NULL,
	"contact_id" uuid,
	"consignment_id" uuid,
	"sold_on" date NOT NULL,
	"amount" bigint,
	"currency" text,
	"discount" bigint DEFAULT 0 NOT NULL,
	"commission_basis_points" integer DEFAULT 0 NOT NULL,
	"commission" bigint,
	"tax" bigint DEFAULT 0 NOT NULL,
	"net" bigint,
	"invoice_number" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"returned_on" date,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "edition_size" integer;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "edition_proofs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "price_display" text DEFAULT 'hidden' NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "piece_id" uuid;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "copy" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "actor" text DEFAULT 'artist' NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "occurred_on" date;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "consignment_id" uuid;--> statement-breakpoint
ALTER TABLE "artwork_pieces" ADD CONSTRAINT "artwork_pieces_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_pieces" ADD CONSTRAINT "artwork_pieces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_pieces" ADD CONSTRAINT "artwork_pieces_hold_contact_id_contacts_id_fk" FOREIGN KEY ("hold_contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_pieces" ADD CONSTRAINT "artwork_pieces_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_items" ADD CONSTRAINT "consignment_items_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_items" ADD CONSTRAINT "consignment_items_piece_id_artwork_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."artwork_pieces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_items" ADD CONSTRAINT "consignment_items_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_items" ADD CONSTRAINT "consignment_items_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_piece_id_artwork_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."artwork_pieces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artwork_pieces_copy_key" ON "artwork_pieces" USING btree ("artwork_id","kind",coalesce("number", 0));--> statement-breakpoint
CREATE INDEX "artwork_pieces_hold_idx" ON "artwork_pieces" USING btree ("hold_contact_id") WHERE hold_contact_id is not null;--> statement-breakpoint
CREATE INDEX "artwork_pieces_consignment_idx" ON "artwork_pieces" USING btree ("consignment_id") WHERE consignment_id is not null;--> statement-breakpoint
CREATE INDEX "consignment_items_piece_idx" ON "consignment_items" USING btree ("piece_id");--> statement-breakpoint
CREATE INDEX "consignments_user_created_idx" ON "consignments" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "consignments_contact_idx" ON "consignments" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "consignments_unmailed_idx" ON "consignments" USING btree ("ends_on") WHERE overdue_mailed_at is null;--> statement-breakpoint
CREATE INDEX "contacts_user_name_idx" ON "contacts" USING btree ("user_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_user_email_idx" ON "contacts" USING btree ("user_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_live_piece_key" ON "sales" USING btree ("piece_id") WHERE returned_at is null;--> statement-breakpoint
CREATE INDEX "sales_user_sold_idx" ON "sales" USING btree ("user_id","sold_on");--> statement-breakpoint
CREATE INDEX "sales_contact_idx" ON "sales" USING btree ("contact_id") WHERE contact_id is not null;--> statement-breakpoint
CREATE INDEX "sales_artwork_idx" ON "sales" USING btree ("artwork_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_user_email_idx" ON "inquiries" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE INDEX "journal_artwork_created_idx" ON "journal_entries" USING btree ("artwork_id","created_at","id") WHERE artwork_id is not null;--> statement-breakpoint
-- Every artwork so far is a unique work: one piece, its life taken from its sale status.
INSERT INTO "artwork_pieces" ("artwork_id", "user_id", "kind", "sale", "custody")
SELECT "id", "user_id", 'unique',
  CASE "sale_status" WHEN 'SOLD' THEN 'sold' WHEN 'NOT_FOR_SALE' THEN 'notForSale' ELSE 'available' END,
  CASE "sale_status" WHEN 'SOLD' THEN 'withBuyer' ELSE 'studio' END
FROM "artworks";--> statement-breakpoint
-- A work already sold was sold to a buyer and at a price the studio was never told: a sale that says so, which a return can undo.
INSERT INTO "sales" ("user_id", "artwork_id", "piece_id", "sold_on", "note")
SELECT p."user_id", p."artwork_id", p."id", a."updated_at"::date, 'Marked sold before sales were recorded'
FROM "artwork_pieces" p JOIN "artworks" a ON a."id" = p."artwork_id"
WHERE p."sale" = 'sold';
