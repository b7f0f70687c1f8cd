ALTER TABLE "autotrade_orders" DROP CONSTRAINT "autotrade_orders_api_key_id_exchange_api_keys_id_fk";
--> statement-breakpoint
ALTER TABLE "autotrade_subscriptions" DROP CONSTRAINT "autotrade_subscriptions_api_key_id_exchange_api_keys_id_fk";
--> statement-breakpoint
ALTER TABLE "autotrade_orders" ALTER COLUMN "api_key_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "autotrade_subscriptions" ALTER COLUMN "api_key_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "autotrade_orders" ADD CONSTRAINT "autotrade_orders_api_key_id_exchange_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."exchange_api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_subscriptions" ADD CONSTRAINT "autotrade_subscriptions_api_key_id_exchange_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."exchange_api_keys"("id") ON DELETE set null ON UPDATE no action;