CREATE TABLE "chain_address_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"next_index" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_observations" (
	"ticket_id" text NOT NULL,
	"txid" text NOT NULL,
	"position" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer NOT NULL,
	"gone" boolean DEFAULT false NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_observations_ticket_id_txid_position_pk" PRIMARY KEY("ticket_id","txid","position")
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "watch_mode" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "watch_chain" text;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "watch_xpub" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "watch_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "watch_token" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "watch_decimals" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "watch_api_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "watch_confirmations" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "watch_error" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "deposit_chain" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "deposit_address" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "deposit_index" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "deposit_tagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_observations" ADD CONSTRAINT "chain_observations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_deposit_address" ON "tickets" USING btree ("deposit_chain","deposit_address") WHERE "tickets"."deposit_address" is not null and not "tickets"."deposit_tagged";--> statement-breakpoint
CREATE INDEX "tickets_deposit_watch" ON "tickets" USING btree ("deposit_chain","payment_deadline") WHERE "tickets"."deposit_address" is not null;--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_watch_confirmations" CHECK ("currencies"."watch_confirmations" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_watch_decimals" CHECK ("currencies"."watch_decimals" between 0 and 30);