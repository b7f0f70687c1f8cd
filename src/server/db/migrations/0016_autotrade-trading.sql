CREATE TABLE "autotrade_books" (
	"subscription_id" integer PRIMARY KEY NOT NULL,
	"strategy_id" integer NOT NULL,
	"symbol" varchar(20) NOT NULL,
	"invested" numeric(78, 0) NOT NULL,
	"cash" numeric(78, 0) NOT NULL,
	"position" numeric(78, 0) NOT NULL,
	"fees_paid" numeric(78, 0) DEFAULT '0' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"paused_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autotrade_equity_snapshots" (
	"kind" varchar(12) NOT NULL,
	"owner_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"equity" numeric(78, 0) NOT NULL,
	"cash" numeric(78, 0) NOT NULL,
	"position" numeric(78, 0) NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	CONSTRAINT "autotrade_equity_snapshots_kind_owner_id_day_pk" PRIMARY KEY("kind","owner_id","day")
);
--> statement-breakpoint
CREATE TABLE "autotrade_favorites" (
	"member_id" integer NOT NULL,
	"strategy_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "autotrade_favorites_member_id_strategy_id_pk" PRIMARY KEY("member_id","strategy_id")
);
--> statement-breakpoint
CREATE TABLE "autotrade_fills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_fills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"exchange_fill_id" varchar(40) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"fee_currency" varchar(12) NOT NULL,
	"executed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autotrade_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"strategy_id" integer NOT NULL,
	"api_key_id" integer NOT NULL,
	"signal_id" integer,
	"purpose" varchar(8) NOT NULL,
	"dedupe_key" varchar(40) NOT NULL,
	"client_order_id" bigint NOT NULL,
	"status" varchar(8) NOT NULL,
	"reason" varchar(40),
	"symbol" varchar(20) NOT NULL,
	"side" varchar(4),
	"order_type" varchar(16) DEFAULT 'limit_ioc' NOT NULL,
	"leverage_x100" integer NOT NULL,
	"amount" numeric(78, 0),
	"limit_price" numeric(78, 0),
	"filled" numeric(78, 0) DEFAULT '0' NOT NULL,
	"average_price" numeric(78, 0) DEFAULT '0' NOT NULL,
	"quote_amount" numeric(78, 0) DEFAULT '0' NOT NULL,
	"fee_base" numeric(78, 0) DEFAULT '0' NOT NULL,
	"fee_quote" numeric(78, 0) DEFAULT '0' NOT NULL,
	"exchange_order_id" varchar(40),
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "autotrade_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"strategy_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" varchar(500) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autotrade_signals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"strategy_id" integer NOT NULL,
	"signal_no" integer NOT NULL,
	"side" varchar(4) NOT NULL,
	"symbol" varchar(20) NOT NULL,
	"share" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"source_ref" varchar(90) NOT NULL,
	"executed_at" timestamp with time zone NOT NULL,
	"fanned_out_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autotrade_strategy_state" (
	"strategy_id" integer PRIMARY KEY NOT NULL,
	"algorithm" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_fill_at" bigint DEFAULT 0 NOT NULL,
	"last_fill_id" varchar(40),
	"start_equity" numeric(78, 0) NOT NULL,
	"last_price" numeric(78, 0) NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autotrade_books" ADD CONSTRAINT "autotrade_books_subscription_id_autotrade_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."autotrade_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_books" ADD CONSTRAINT "autotrade_books_strategy_id_autotrade_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."autotrade_strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_favorites" ADD CONSTRAINT "autotrade_favorites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_favorites" ADD CONSTRAINT "autotrade_favorites_strategy_id_autotrade_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."autotrade_strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_fills" ADD CONSTRAINT "autotrade_fills_order_id_autotrade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."autotrade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_orders" ADD CONSTRAINT "autotrade_orders_subscription_id_autotrade_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."autotrade_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_orders" ADD CONSTRAINT "autotrade_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_orders" ADD CONSTRAINT "autotrade_orders_strategy_id_autotrade_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."autotrade_strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_orders" ADD CONSTRAINT "autotrade_orders_api_key_id_exchange_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."exchange_api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_orders" ADD CONSTRAINT "autotrade_orders_signal_id_autotrade_signals_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."autotrade_signals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_reviews" ADD CONSTRAINT "autotrade_reviews_strategy_id_autotrade_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."autotrade_strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_reviews" ADD CONSTRAINT "autotrade_reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_signals" ADD CONSTRAINT "autotrade_signals_strategy_id_autotrade_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."autotrade_strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_strategy_state" ADD CONSTRAINT "autotrade_strategy_state_strategy_id_autotrade_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."autotrade_strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_fills_uq" ON "autotrade_fills" USING btree ("order_id","exchange_fill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_orders_dedupe_uq" ON "autotrade_orders" USING btree ("subscription_id","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_orders_signal_uq" ON "autotrade_orders" USING btree ("signal_id","subscription_id") WHERE "autotrade_orders"."signal_id" is not null;--> statement-breakpoint
CREATE INDEX "autotrade_orders_open_idx" ON "autotrade_orders" USING btree ("api_key_id","id") WHERE "autotrade_orders"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "autotrade_orders_subscription_idx" ON "autotrade_orders" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_reviews_member_uq" ON "autotrade_reviews" USING btree ("strategy_id","member_id");--> statement-breakpoint
CREATE INDEX "autotrade_reviews_strategy_idx" ON "autotrade_reviews" USING btree ("strategy_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_signals_no_uq" ON "autotrade_signals" USING btree ("strategy_id","signal_no");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_signals_source_uq" ON "autotrade_signals" USING btree ("strategy_id","source_ref");--> statement-breakpoint
CREATE INDEX "autotrade_signals_pending_idx" ON "autotrade_signals" USING btree ("id") WHERE "autotrade_signals"."fanned_out_at" is null;--> statement-breakpoint
CREATE INDEX "autotrade_signals_strategy_time_idx" ON "autotrade_signals" USING btree ("strategy_id","executed_at");