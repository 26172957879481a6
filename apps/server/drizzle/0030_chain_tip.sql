ALTER TABLE "currencies" ADD COLUMN "watch_tip" bigint;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "watch_tip_seen_at" timestamp with time zone;