CREATE TABLE "bluesky_oauth_store" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sealed" text NOT NULL,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bluesky_oauth_store_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "auth_method" text DEFAULT 'app-password' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "needs_reconnect" boolean DEFAULT false NOT NULL;