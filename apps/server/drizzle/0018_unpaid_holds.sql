ALTER TABLE "directions" ADD COLUMN "card_review_window_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "held_unpaid" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_limits" ADD COLUMN "unpaid_hold_percent" numeric(9, 4) DEFAULT '50' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "hold" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_held_unpaid_within_held" CHECK ("reserves"."held_unpaid" >= 0 and "reserves"."held_unpaid" <= "reserves"."held");--> statement-breakpoint
ALTER TABLE "ticket_limits" ADD CONSTRAINT "ticket_limits_unpaid_hold" CHECK ("ticket_limits"."unpaid_hold_percent" >= 0 and "ticket_limits"."unpaid_hold_percent" <= 100);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_unpaid_deadline" CHECK ("tickets"."status" not in ('card_check', 'advance') or "tickets"."payment_deadline" is not null);