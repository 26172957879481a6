CREATE TABLE "ticket_payments" (
	"ticket_id" text NOT NULL,
	"txid" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer NOT NULL,
	"required" integer NOT NULL,
	"source" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"gone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_payments_ticket_id_txid_pk" PRIMARY KEY("ticket_id","txid"),
	CONSTRAINT "ticket_payments_amount" CHECK ("ticket_payments"."amount" > 0),
	CONSTRAINT "ticket_payments_confirmations" CHECK ("ticket_payments"."confirmations" >= 0 and "ticket_payments"."required" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "payment_problem" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "refund_address" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "refund_txid" text;--> statement-breakpoint
ALTER TABLE "ticket_payments" ADD CONSTRAINT "ticket_payments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;