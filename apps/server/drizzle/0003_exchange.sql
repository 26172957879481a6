CREATE TABLE "discount_bands" (
	"min_turnover_usd" numeric(38, 2) PRIMARY KEY NOT NULL,
	"percent" numeric(9, 4) NOT NULL,
	CONSTRAINT "discount_bands_range" CHECK ("discount_bands"."min_turnover_usd" >= 0 and "discount_bands"."percent" >= 0 and "discount_bands"."percent" < 100)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"value_rub" numeric(38, 18) DEFAULT '50' NOT NULL,
	"min_rub" numeric(38, 18) DEFAULT '3000' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "promo_codes_code" CHECK ("promo_codes"."code" ~ '^[A-Z0-9-]{4,40}$')
);
--> statement-breakpoint
CREATE TABLE "seo_pairs" (
	"give_code" text NOT NULL,
	"get_code" text NOT NULL,
	"meta_title_ru" text NOT NULL,
	"meta_title_en" text NOT NULL,
	"meta_description_ru" text NOT NULL,
	"meta_description_en" text NOT NULL,
	"keywords_ru" text DEFAULT '' NOT NULL,
	"keywords_en" text DEFAULT '' NOT NULL,
	"site_header_ru" text NOT NULL,
	"site_header_en" text NOT NULL,
	"text_title_ru" text NOT NULL,
	"text_title_en" text NOT NULL,
	"text_body_ru" text NOT NULL,
	"text_body_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_pairs_give_code_get_code_pk" PRIMARY KEY("give_code","get_code")
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "give_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "get_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "message_give_ru" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "message_give_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "message_get_ru" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "message_get_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "max_age_seconds" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_pairs" ADD CONSTRAINT "seo_pairs_give_code_currencies_code_fk" FOREIGN KEY ("give_code") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "seo_pairs" ADD CONSTRAINT "seo_pairs_get_code_currencies_code_fk" FOREIGN KEY ("get_code") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "promo_codes_user" ON "promo_codes" USING btree ("user_id");--> statement-breakpoint
-- The default discount table of design §4: every logged-in user 0.05 %, more by successful USD turnover.
INSERT INTO "discount_bands" ("min_turnover_usd", "percent") VALUES (0, 0.05), (1000, 0.1), (10000, 0.2), (50000, 0.3) ON CONFLICT DO NOTHING;
