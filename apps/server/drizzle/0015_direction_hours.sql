ALTER TABLE "directions" ADD COLUMN "opens_at" text;--> statement-breakpoint
ALTER TABLE "directions" ADD COLUMN "closes_at" text;--> statement-breakpoint
ALTER TABLE "directions" ADD CONSTRAINT "directions_hours" CHECK (("directions"."opens_at" is null) = ("directions"."closes_at" is null));