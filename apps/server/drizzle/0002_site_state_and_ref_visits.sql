CREATE TABLE "ref_visits" (
	"referrer_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ref_visits_referrer_id_visitor_hash_pk" PRIMARY KEY("referrer_id","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "site_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"convert_enabled" boolean DEFAULT true NOT NULL,
	"header_ru" text DEFAULT 'Технический перерыв' NOT NULL,
	"text_ru" text DEFAULT '' NOT NULL,
	"header_en" text DEFAULT 'Maintenance break' NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_state_single_row" CHECK ("site_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "ref_visits" ADD CONSTRAINT "ref_visits_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;