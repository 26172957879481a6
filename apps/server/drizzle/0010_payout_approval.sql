ALTER TABLE "referral_payouts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "approved_by" text;