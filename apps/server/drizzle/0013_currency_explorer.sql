ALTER TABLE "currencies" ADD COLUMN "explorer_tx_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "tx_hash_format" text DEFAULT 'hex64' NOT NULL;