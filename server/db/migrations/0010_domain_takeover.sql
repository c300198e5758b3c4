DROP INDEX "custom_domains_domain_key";--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_verified_domain_key" ON "custom_domains" USING btree ("domain") WHERE verified_at is not null;--> statement-breakpoint
CREATE INDEX "custom_domains_domain_idx" ON "custom_domains" USING btree ("domain");