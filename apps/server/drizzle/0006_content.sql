CREATE TABLE "faq_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "faq_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"question_ru" text NOT NULL,
	"question_en" text NOT NULL,
	"answer_ru" text NOT NULL,
	"answer_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_ru" text NOT NULL,
	"summary_en" text NOT NULL,
	"body_ru" text NOT NULL,
	"body_en" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	"meta_title_ru" text NOT NULL,
	"meta_title_en" text NOT NULL,
	"meta_description_ru" text NOT NULL,
	"meta_description_en" text NOT NULL,
	"body_ru" text NOT NULL,
	"body_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "news_slug" ON "news" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "news_published" ON "news" USING btree ("published_at");