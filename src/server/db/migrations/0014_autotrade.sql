CREATE TABLE "autotrade_strategies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_strategies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"trader" varchar(60) NOT NULL,
	"category" varchar(24) NOT NULL,
	"exchange" varchar(24) NOT NULL,
	"symbol" varchar(20) NOT NULL,
	"risk_level" varchar(8) NOT NULL,
	"leverage_x100" integer DEFAULT 100 NOT NULL,
	"performance_fee_bps" integer NOT NULL,
	"margin_currencies" jsonb NOT NULL,
	"min_invest" numeric(78, 0) NOT NULL,
	"status" varchar(8) DEFAULT 'draft' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"signal_source" varchar(40) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_api_key" varchar(128),
	"source_secret_sealed" text,
	"started_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autotrade_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"strategy_id" integer NOT NULL,
	"api_key_id" integer NOT NULL,
	"exchange" varchar(24) NOT NULL,
	"account" varchar(60) NOT NULL,
	"state" varchar(16) NOT NULL,
	"pause_reason" varchar(24),
	"allocation" numeric(78, 0) NOT NULL,
	"high_water_mark" numeric(78, 0) NOT NULL,
	"margin_currency" varchar(8) NOT NULL,
	"margin_source" varchar(10) NOT NULL,
	"margin_amount" numeric(78, 0) NOT NULL,
	"margin_wallet" varchar(42),
	"auto_top_up" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "autotrade_subscriptions" ADD CONSTRAINT "autotrade_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_subscriptions" ADD CONSTRAINT "autotrade_subscriptions_strategy_id_autotrade_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."autotrade_strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_subscriptions" ADD CONSTRAINT "autotrade_subscriptions_api_key_id_exchange_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."exchange_api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autotrade_strategies_status_idx" ON "autotrade_strategies" USING btree ("status","sort_order");--> statement-breakpoint
CREATE INDEX "autotrade_subscriptions_member_idx" ON "autotrade_subscriptions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "autotrade_subscriptions_strategy_idx" ON "autotrade_subscriptions" USING btree ("strategy_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_subscriptions_account_uq" ON "autotrade_subscriptions" USING btree ("member_id","exchange","account") WHERE "autotrade_subscriptions"."state" in ('pending_margin', 'active', 'paused');