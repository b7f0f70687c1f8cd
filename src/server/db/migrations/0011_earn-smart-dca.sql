CREATE TABLE "earn_dca_conversions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earn_dca_conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_key" varchar(80) NOT NULL,
	"subscription_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"from_currency" varchar(8) NOT NULL,
	"from_amount" numeric(78, 0) NOT NULL,
	"to_currency" varchar(8) NOT NULL,
	"to_amount" numeric(78, 0) NOT NULL,
	"from_price_usdt" numeric(60, 18) NOT NULL,
	"to_price_usdt" numeric(60, 18) NOT NULL,
	"day" varchar(10) NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "dca_currency" varchar(8);--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "dca_base" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "dca_converted" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "dca_acquired" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "dca_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earn_dca_conversions" ADD CONSTRAINT "earn_dca_conversions_subscription_id_earn_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."earn_subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earn_dca_conversions_key_idx" ON "earn_dca_conversions" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "earn_dca_conversions_member_idx" ON "earn_dca_conversions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "earn_dca_conversions_subscription_idx" ON "earn_dca_conversions" USING btree ("subscription_id","id");