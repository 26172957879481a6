ALTER TABLE "currencies" ADD COLUMN "refund_fee" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "excess_refund" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "excess_refund_fee" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "excess_refund_txid" text;--> statement-breakpoint
CREATE INDEX "tickets_excess_refund_owed" ON "tickets" USING btree ("created_at") WHERE "tickets"."excess_refund" is not null and "tickets"."excess_refund_txid" is null;--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_refund_fee" CHECK ("currencies"."refund_fee" >= 0);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_excess_refund" CHECK (("tickets"."excess_refund" is null or ("tickets"."excess_refund" > 0 and "tickets"."excess_refund_fee" >= 0 and "tickets"."refund_address" is not null)) and ("tickets"."excess_refund_txid" is null or "tickets"."excess_refund" is not null));