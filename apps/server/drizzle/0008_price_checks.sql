ALTER TABLE "prices" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "checked_at" timestamp with time zone;