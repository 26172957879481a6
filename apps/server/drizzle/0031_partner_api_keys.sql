CREATE TABLE "partner_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"allowed_ips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "partner_api_keys_rate" CHECK ("partner_api_keys"."rate_per_minute" > 0)
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "channel" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_api_keys" ADD CONSTRAINT "partner_api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_prefix" ON "partner_api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_secret_hash" ON "partner_api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "partner_api_keys_user" ON "partner_api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_api_key_id_partner_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."partner_api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_referrer" ON "tickets" USING btree ("referrer_id","created_at","id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_channel" CHECK ("tickets"."channel" in ('site', 'api', 'embed'));