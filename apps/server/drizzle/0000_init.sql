CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"valute" text NOT NULL,
	"icon_path" text NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"scale" integer NOT NULL,
	"kind" text NOT NULL,
	"give_enabled" boolean DEFAULT true NOT NULL,
	"get_enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_code_format" CHECK ("currencies"."code" ~ '^[A-Z0-9]{2,20}$'),
	CONSTRAINT "currencies_scale_range" CHECK ("currencies"."scale" between 0 and 18)
);
--> statement-breakpoint
CREATE TABLE "directions" (
	"give_code" text NOT NULL,
	"get_code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"fee_percent" numeric(9, 4) NOT NULL,
	"fixed_extra_percent" numeric(9, 4) DEFAULT '0.5' NOT NULL,
	"min_sum" numeric(38, 18) NOT NULL,
	"threshold" numeric(38, 18),
	"max_sum" numeric(38, 18) NOT NULL,
	"manual" boolean DEFAULT true NOT NULL,
	"card_verify" boolean DEFAULT false NOT NULL,
	"payment_window_minutes" integer DEFAULT 30 NOT NULL,
	"quote_lifetime_seconds" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directions_give_code_get_code_pk" PRIMARY KEY("give_code","get_code"),
	CONSTRAINT "directions_distinct" CHECK ("directions"."give_code" <> "directions"."get_code"),
	CONSTRAINT "directions_range" CHECK ("directions"."min_sum" > 0 and "directions"."max_sum" >= "directions"."min_sum"),
	CONSTRAINT "directions_fee" CHECK ("directions"."fee_percent" > -100 and "directions"."fee_percent" < 100)
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"currency_code" text PRIMARY KEY NOT NULL,
	"usd_price" numeric(38, 18) NOT NULL,
	"source" text DEFAULT 'static' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_positive" CHECK ("prices"."usd_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "reserves" (
	"currency_code" text PRIMARY KEY NOT NULL,
	"balance" numeric(38, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserves_non_negative" CHECK ("reserves"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"lang" text DEFAULT 'ru' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directions" ADD CONSTRAINT "directions_give_code_currencies_code_fk" FOREIGN KEY ("give_code") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "directions" ADD CONSTRAINT "directions_get_code_currencies_code_fk" FOREIGN KEY ("get_code") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email"));