CREATE TABLE "ticket_limits" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"open_per_email" integer DEFAULT 3 NOT NULL,
	"open_per_user" integer DEFAULT 3 NOT NULL,
	"open_per_address" integer DEFAULT 10 NOT NULL,
	"reserve_share_percent" numeric(9, 4) DEFAULT '50' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_limits_single_row" CHECK ("ticket_limits"."id" = 1),
	CONSTRAINT "ticket_limits_range" CHECK ("ticket_limits"."open_per_email" >= 1 and "ticket_limits"."open_per_user" >= 1 and "ticket_limits"."open_per_address" >= 1 and "ticket_limits"."reserve_share_percent" > 0 and "ticket_limits"."reserve_share_percent" <= 100)
);
--> statement-breakpoint
INSERT INTO "ticket_limits" ("id") VALUES (1);--> statement-breakpoint
DROP INDEX "tickets_expiry";--> statement-breakpoint
ALTER TABLE "ref_visits" ADD COLUMN "day" date DEFAULT (now() at time zone 'utc')::date NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_visits" DROP CONSTRAINT "ref_visits_referrer_id_visitor_hash_pk";--> statement-breakpoint
ALTER TABLE "ref_visits" ADD CONSTRAINT "ref_visits_referrer_id_visitor_hash_day_pk" PRIMARY KEY("referrer_id","visitor_hash","day");--> statement-breakpoint
ALTER TABLE "directions" ADD COLUMN "card_check_window_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE INDEX "tickets_open_email" ON "tickets" USING btree (lower("email")) WHERE "tickets"."status" in ('card_check', 'advance');--> statement-breakpoint
CREATE INDEX "tickets_open_user" ON "tickets" USING btree ("user_id") WHERE "tickets"."status" in ('card_check', 'advance');--> statement-breakpoint
CREATE INDEX "tickets_open_client_ip" ON "tickets" USING btree ("client_ip") WHERE "tickets"."status" in ('card_check', 'advance');--> statement-breakpoint
CREATE INDEX "tickets_expiry" ON "tickets" USING btree ("payment_deadline") WHERE "tickets"."status" in ('card_check', 'advance');