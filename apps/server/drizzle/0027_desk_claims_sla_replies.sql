CREATE TABLE "canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"text_ru" text NOT NULL,
	"text_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"claim_idle_minutes" integer DEFAULT 30 NOT NULL,
	"sla" jsonb DEFAULT '{"new":{"amber":15,"red":30},"card_check":{"amber":10,"red":20},"payment_problem":{"amber":60,"red":180},"refund_requested":{"amber":60,"red":240},"awaiting_approval":{"amber":10,"red":30}}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_settings_single_row" CHECK ("desk_settings"."id" = 1),
	CONSTRAINT "desk_settings_claim_idle" CHECK ("desk_settings"."claim_idle_minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "ticket_claims" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_claims" ADD CONSTRAINT "ticket_claims_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_claims" ADD CONSTRAINT "ticket_claims_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "desk_settings" ("id") VALUES (1);--> statement-breakpoint
INSERT INTO "canned_replies" ("title", "text_ru", "text_en") VALUES
	('Payment not found', 'Оплата по заявке № {number} на {amount} {currency} пока не поступила. Проверьте, пожалуйста, реквизиты и пришлите номер перевода.', 'We have not received the payment of {amount} {currency} for ticket № {number} yet. Please check the details and send us the transfer number.'),
	('Payout delayed', 'Выплата {getAmount} {getCurrency} по заявке № {number} задерживается. Мы отправим её в ближайшее время.', 'The payout of {getAmount} {getCurrency} for ticket № {number} is delayed. We will send it shortly.');
