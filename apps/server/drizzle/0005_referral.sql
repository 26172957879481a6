CREATE TABLE "referral_balances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance_usd" numeric(38, 8) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_balances_non_negative" CHECK ("referral_balances"."balance_usd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_charges" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"ticket_usd" numeric(38, 2) NOT NULL,
	"amount_usd" numeric(38, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"sum" numeric(38, 18) NOT NULL,
	"amount_usd" numeric(38, 8) NOT NULL,
	"requisite" text NOT NULL,
	"add_requisite" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "referral_payout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_balances" ADD CONSTRAINT "referral_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_charges" ADD CONSTRAINT "referral_charges_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_charges" ADD CONSTRAINT "referral_charges_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "referral_charges_referrer" ON "referral_charges" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_payouts_user" ON "referral_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_payouts_status" ON "referral_payouts" USING btree ("status");