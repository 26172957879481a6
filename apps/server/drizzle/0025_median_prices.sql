CREATE TABLE "price_sources" (
	"valute" text NOT NULL,
	"source" text NOT NULL,
	"usd_price" numeric(38, 18),
	"price_at" timestamp with time zone,
	"checked_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"verdict" text DEFAULT 'missing' NOT NULL,
	"deviation_percent" numeric(12, 4),
	CONSTRAINT "price_sources_valute_source_pk" PRIMARY KEY("valute","source"),
	CONSTRAINT "price_sources_positive" CHECK ("price_sources"."usd_price" is null or "price_sources"."usd_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "sources" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rate_sources" jsonb DEFAULT '[]'::jsonb NOT NULL;