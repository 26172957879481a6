CREATE TABLE "payout_accounts" (
	"currency_code" text PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_credentials" text,
	"stored_secrets" text[] DEFAULT '{}'::text[] NOT NULL,
	"balance" numeric(38, 18),
	"balance_at" timestamp with time zone,
	"balance_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_payout_approvals" (
	"payout_id" uuid NOT NULL,
	"operator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_payout_approvals_payout_id_operator_id_pk" PRIMARY KEY("payout_id","operator_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" text NOT NULL,
	"currency_code" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"address" text NOT NULL,
	"memo" text,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"hold_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"approvals_needed" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"prepared" text,
	"provider_ref" text,
	"txid" text,
	"last_error" text,
	"not_before" timestamp with time zone,
	"sending_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_payouts_amount" CHECK ("ticket_payouts"."amount" > 0),
	CONSTRAINT "ticket_payouts_approvals" CHECK ("ticket_payouts"."approvals_needed" between 0 and 2),
	CONSTRAINT "ticket_payouts_sent_txid" CHECK ("ticket_payouts"."state" <> 'sent' or "ticket_payouts"."txid" is not null)
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "payout_mode" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "payout_max_per_ticket" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "payout_max_per_day" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "payout_max_per_customer_day" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "payout_four_eyes_above" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "payout_first_delay_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "payout_blocked" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ticket_payout_approvals" ADD CONSTRAINT "ticket_payout_approvals_payout_id_ticket_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."ticket_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_payout_approvals" ADD CONSTRAINT "ticket_payout_approvals_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_payouts" ADD CONSTRAINT "ticket_payouts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_payouts" ADD CONSTRAINT "ticket_payouts_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_payouts_ticket" ON "ticket_payouts" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_payouts_key" ON "ticket_payouts" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ticket_payouts_state" ON "ticket_payouts" USING btree ("state","not_before");--> statement-breakpoint
CREATE INDEX "ticket_payouts_currency_day" ON "ticket_payouts" USING btree ("currency_code","created_at");--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_payout_delay" CHECK ("currencies"."payout_first_delay_minutes" between 0 and 10080);