CREATE TABLE "aml_screenings" (
	"kind" text NOT NULL,
	"network" text NOT NULL,
	"subject" text NOT NULL,
	"state" text NOT NULL,
	"uid" text,
	"score" integer,
	"signals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aml_screenings_kind_network_subject_pk" PRIMARY KEY("kind","network","subject"),
	CONSTRAINT "aml_screenings_score" CHECK ("aml_screenings"."score" is null or "aml_screenings"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "aml_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"review_score" integer NOT NULL,
	"refuse_score" integer NOT NULL,
	"review_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aml_settings_single_row" CHECK ("aml_settings"."id" = 1),
	CONSTRAINT "aml_settings_range" CHECK ("aml_settings"."review_score" between 0 and 100 and "aml_settings"."refuse_score" between "aml_settings"."review_score" and 100 and "aml_settings"."review_hours" between 1 and 720)
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "review_deadline" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_review_deadline" ON "tickets" USING btree ("review_deadline") WHERE "tickets"."status" = 'on_review';