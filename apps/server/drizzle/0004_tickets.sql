CREATE TABLE "card_checks" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"user_id" uuid,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"give_code" text NOT NULL,
	"get_code" text NOT NULL,
	"give_sum" numeric(38, 18) NOT NULL,
	"get_sum" numeric(38, 18) NOT NULL,
	"rate" numeric(60, 30) NOT NULL,
	"fixed" boolean NOT NULL,
	"fee_percent" numeric(9, 4) NOT NULL,
	"discount_percent" numeric(9, 4) NOT NULL,
	"usd_value" numeric(38, 2) NOT NULL,
	"profit_percent" numeric(9, 4) NOT NULL,
	"promo_code" text,
	"promo_bonus" numeric(38, 18),
	"referrer_id" uuid,
	"requisites" jsonb NOT NULL,
	"card_hash" text,
	"manual" boolean NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"payout_reference" text,
	"refund_note" text,
	"payment_deadline" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "tickets_sums" CHECK ("tickets"."give_sum" > 0 and "tickets"."get_sum" > 0)
);
--> statement-breakpoint
CREATE TABLE "verified_cards" (
	"owner_key" text NOT NULL,
	"card_hash" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_cards_owner_key_card_hash_pk" PRIMARY KEY("owner_key","card_hash")
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "pay_to" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "ticket_id" text;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "held" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_checks" ADD CONSTRAINT "card_checks_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_history" ADD CONSTRAINT "ticket_history_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_give_code_currencies_code_fk" FOREIGN KEY ("give_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_get_code_currencies_code_fk" FOREIGN KEY ("get_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_history_ticket" ON "ticket_history" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_number" ON "tickets" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_idempotency_key" ON "tickets" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "tickets_user" ON "tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_status" ON "tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tickets_expiry" ON "tickets" USING btree ("payment_deadline") WHERE "tickets"."status" = 'advance';--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_held_non_negative" CHECK ("reserves"."held" >= 0);