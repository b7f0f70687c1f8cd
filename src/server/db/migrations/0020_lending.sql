CREATE TABLE "lending_deals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lending_deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"credit_id" varchar(40) NOT NULL,
	"currency" varchar(10) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"rate" numeric(78, 0) NOT NULL,
	"period_days" integer NOT NULL,
	"reward" numeric(78, 0) DEFAULT '0' NOT NULL,
	"exchange_fee" numeric(78, 0) DEFAULT '0' NOT NULL,
	"status" varchar(8) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lending_interest" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lending_interest_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"ledger_entry_id" varchar(40) NOT NULL,
	"credit_id" varchar(40),
	"amount" numeric(78, 0) NOT NULL,
	"exchange_fee" numeric(78, 0) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lending_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lending_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"period_number" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lending_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lending_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"number" integer NOT NULL,
	"kind" varchar(6) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"currency" varchar(8),
	"amount" numeric(78, 0) NOT NULL,
	"price_usdt" varchar(40),
	"ledger_transaction_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lending_strategies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lending_strategies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"exchange" varchar(24) NOT NULL,
	"currency" varchar(10) NOT NULL,
	"fee_usdt" numeric(78, 0) NOT NULL,
	"bcnt_discount_bps" integer NOT NULL,
	"trial_days" integer NOT NULL,
	"period_days" integer NOT NULL,
	"minimum_offer" numeric(78, 0) NOT NULL,
	"recommended_minimum" numeric(78, 0) NOT NULL,
	"params" jsonb NOT NULL,
	"status" varchar(8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lending_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lending_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"strategy_id" integer NOT NULL,
	"api_key_id" integer,
	"exchange" varchar(24) NOT NULL,
	"account" varchar(60) NOT NULL,
	"state" varchar(8) NOT NULL,
	"end_reason" varchar(16),
	"idle_amount" numeric(78, 0) NOT NULL,
	"fee_currency" varchar(8) NOT NULL,
	"referrer_member_id" integer,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"pause_reason" varchar(16),
	"period_number" integer NOT NULL,
	"period_starts_at" timestamp with time zone NOT NULL,
	"period_ends_at" timestamp with time zone NOT NULL,
	"payment_failed_at" timestamp with time zone,
	"total_assets" numeric(78, 0) DEFAULT '0' NOT NULL,
	"idle_assets" numeric(78, 0) DEFAULT '0' NOT NULL,
	"locked_idle_assets" numeric(78, 0) DEFAULT '0' NOT NULL,
	"lent_assets" numeric(78, 0) DEFAULT '0' NOT NULL,
	"assets_read_at" timestamp with time zone,
	"last_cycle_at" timestamp with time zone,
	"ledger_cursor" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lending_deals" ADD CONSTRAINT "lending_deals_subscription_id_lending_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."lending_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_interest" ADD CONSTRAINT "lending_interest_subscription_id_lending_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."lending_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_notices" ADD CONSTRAINT "lending_notices_subscription_id_lending_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."lending_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_periods" ADD CONSTRAINT "lending_periods_subscription_id_lending_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."lending_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_periods" ADD CONSTRAINT "lending_periods_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_subscriptions" ADD CONSTRAINT "lending_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_subscriptions" ADD CONSTRAINT "lending_subscriptions_strategy_id_lending_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."lending_strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_subscriptions" ADD CONSTRAINT "lending_subscriptions_api_key_id_exchange_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."exchange_api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_subscriptions" ADD CONSTRAINT "lending_subscriptions_referrer_member_id_members_id_fk" FOREIGN KEY ("referrer_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lending_deals_credit_uq" ON "lending_deals" USING btree ("subscription_id","credit_id");--> statement-breakpoint
CREATE INDEX "lending_deals_opened_idx" ON "lending_deals" USING btree ("subscription_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lending_interest_entry_uq" ON "lending_interest" USING btree ("subscription_id","ledger_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lending_notices_uq" ON "lending_notices" USING btree ("subscription_id","kind","period_number");--> statement-breakpoint
CREATE UNIQUE INDEX "lending_periods_number_uq" ON "lending_periods" USING btree ("subscription_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "lending_subscriptions_member_strategy_uq" ON "lending_subscriptions" USING btree ("member_id","strategy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lending_subscriptions_account_uq" ON "lending_subscriptions" USING btree ("member_id","exchange","account") WHERE "lending_subscriptions"."state" in ('trial', 'active');--> statement-breakpoint
CREATE INDEX "lending_subscriptions_state_idx" ON "lending_subscriptions" USING btree ("state","period_ends_at");