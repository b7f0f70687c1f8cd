CREATE TABLE "autotrade_fee_settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_fee_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"period" varchar(8) NOT NULL,
	"equity" numeric(78, 0) NOT NULL,
	"high_water_mark_before" numeric(78, 0) NOT NULL,
	"high_water_mark_after" numeric(78, 0) NOT NULL,
	"fee_quote" numeric(78, 0) NOT NULL,
	"price_usdt" numeric(78, 0) NOT NULL,
	"discount_bps" integer NOT NULL,
	"fee_due" numeric(78, 0) NOT NULL,
	"fee_taken" numeric(78, 0) NOT NULL,
	"margin_currency" varchar(8) NOT NULL,
	"operator_tx_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autotrade_margin_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_margin_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"movement_key" varchar(200) NOT NULL,
	"ledger_transaction_id" integer,
	"block_number" bigint,
	"tx_hash" varchar(66),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autotrade_margin_states" (
	"subscription_id" integer PRIMARY KEY NOT NULL,
	"required_margin" numeric(78, 0) NOT NULL,
	"baseline_value" numeric(78, 0),
	"start_equity" numeric(78, 0),
	"low_margin_since" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autotrade_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"episode" varchar(40) NOT NULL,
	"details" jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autotrade_operator_txs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_operator_txs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"purpose" varchar(60) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"chain_id" integer NOT NULL,
	"vault" varchar(42) NOT NULL,
	"member" varchar(42) NOT NULL,
	"token" varchar(42) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"performance_fee" numeric(78, 0) NOT NULL,
	"state" varchar(10) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"nonce" integer,
	"signed_tx" text,
	"tx_hash" varchar(66),
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "autotrade_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"start_equity" numeric(78, 0) NOT NULL,
	"end_equity" numeric(78, 0) NOT NULL,
	"pnl" numeric(78, 0) NOT NULL,
	"trades" integer NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"margin_currency" varchar(8) NOT NULL,
	"margin_in" numeric(78, 0) NOT NULL,
	"margin_out" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "autotrade_unmatched_deposits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrade_unmatched_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"member" varchar(42) NOT NULL,
	"token" varchar(42) NOT NULL,
	"strategy_id" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"reason" varchar(24) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autotrade_fee_settlements" ADD CONSTRAINT "autotrade_fee_settlements_subscription_id_autotrade_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."autotrade_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_fee_settlements" ADD CONSTRAINT "autotrade_fee_settlements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_margin_movements" ADD CONSTRAINT "autotrade_margin_movements_subscription_id_autotrade_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."autotrade_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_margin_movements" ADD CONSTRAINT "autotrade_margin_movements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_margin_states" ADD CONSTRAINT "autotrade_margin_states_subscription_id_autotrade_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."autotrade_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_notices" ADD CONSTRAINT "autotrade_notices_subscription_id_autotrade_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."autotrade_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_operator_txs" ADD CONSTRAINT "autotrade_operator_txs_subscription_id_autotrade_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."autotrade_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_reports" ADD CONSTRAINT "autotrade_reports_subscription_id_autotrade_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."autotrade_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrade_reports" ADD CONSTRAINT "autotrade_reports_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_fee_settlements_period_uq" ON "autotrade_fee_settlements" USING btree ("subscription_id","period");--> statement-breakpoint
CREATE INDEX "autotrade_fee_settlements_member_idx" ON "autotrade_fee_settlements" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_margin_movements_key_uq" ON "autotrade_margin_movements" USING btree ("movement_key");--> statement-breakpoint
CREATE INDEX "autotrade_margin_movements_sub_idx" ON "autotrade_margin_movements" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_notices_uq" ON "autotrade_notices" USING btree ("subscription_id","kind","episode");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_operator_txs_purpose_uq" ON "autotrade_operator_txs" USING btree ("purpose");--> statement-breakpoint
CREATE INDEX "autotrade_operator_txs_state_idx" ON "autotrade_operator_txs" USING btree ("state","id") WHERE "autotrade_operator_txs"."state" <> 'confirmed';--> statement-breakpoint
CREATE INDEX "autotrade_operator_txs_hash_idx" ON "autotrade_operator_txs" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_reports_month_uq" ON "autotrade_reports" USING btree ("subscription_id","month");--> statement-breakpoint
CREATE INDEX "autotrade_reports_member_idx" ON "autotrade_reports" USING btree ("member_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "autotrade_unmatched_deposits_log_uq" ON "autotrade_unmatched_deposits" USING btree ("chain_id","tx_hash","log_index");