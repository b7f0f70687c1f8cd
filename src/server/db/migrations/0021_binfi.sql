CREATE TABLE "binfi_orders" (
	"chain_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"owner" varchar(42) NOT NULL,
	"side" varchar(5) NOT NULL,
	"pass" varchar(7) NOT NULL,
	"referrer" varchar(42),
	"units" integer NOT NULL,
	"units_before" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"bcnt_locked" numeric(78, 0) NOT NULL,
	"matched_units" integer DEFAULT 0 NOT NULL,
	"refund_amount" numeric(78, 0) DEFAULT '0' NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"paid" numeric(78, 0) DEFAULT '0' NOT NULL,
	"owed" numeric(78, 0) DEFAULT '0' NOT NULL,
	"refund_paid" numeric(78, 0),
	"refund_paid_at" timestamp with time zone,
	"bcnt_released_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"exit_period" integer,
	"queue_index" integer,
	"redemption_amount" numeric(78, 0),
	"redemption_paid_at" timestamp with time zone,
	"placed_at" timestamp with time zone NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	CONSTRAINT "binfi_orders_chain_id_order_id_pk" PRIMARY KEY("chain_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "binfi_payouts" (
	"chain_id" integer NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"log_index" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"owner" varchar(42) NOT NULL,
	"from_period" integer NOT NULL,
	"to_period" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"owed_amount" numeric(78, 0) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "binfi_periods" (
	"chain_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"period" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"rock_rate" numeric(78, 0) NOT NULL,
	"flame_rate" numeric(78, 0) NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"funded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "binfi_periods_chain_id_fund_id_period_pk" PRIMARY KEY("chain_id","fund_id","period")
);
--> statement-breakpoint
CREATE TABLE "binfi_rounds" (
	"chain_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"contract" varchar(42) NOT NULL,
	"unit_price" numeric(78, 0) NOT NULL,
	"capacity" integer NOT NULL,
	"rock_per_flame" smallint NOT NULL,
	"account_cap" integer NOT NULL,
	"lock_per_unit" numeric(78, 0) NOT NULL,
	"raise_start" timestamp with time zone NOT NULL,
	"raise_end" timestamp with time zone NOT NULL,
	"term_seconds" integer NOT NULL,
	"is_private" boolean NOT NULL,
	"status" varchar(12) NOT NULL,
	"defaulted" boolean DEFAULT false NOT NULL,
	"rock_units" integer DEFAULT 0 NOT NULL,
	"flame_units" integer DEFAULT 0 NOT NULL,
	"matched_rock" integer DEFAULT 0 NOT NULL,
	"matched_flame" integer DEFAULT 0 NOT NULL,
	"redeemed_rock" integer DEFAULT 0 NOT NULL,
	"deposited" numeric(78, 0) DEFAULT '0' NOT NULL,
	"matched_value" numeric(78, 0) DEFAULT '0' NOT NULL,
	"refund_total" numeric(78, 0) DEFAULT '0' NOT NULL,
	"funded" numeric(78, 0) DEFAULT '0' NOT NULL,
	"distributed" numeric(78, 0) DEFAULT '0' NOT NULL,
	"redemption_paid" numeric(78, 0) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"matched_at" timestamp with time zone,
	"start_at" timestamp with time zone,
	"maturity" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"stop_deadline" timestamp with time zone,
	"matured_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"rock_final_rate" numeric(78, 0),
	"flame_final_rate" numeric(78, 0),
	"last_block" bigint NOT NULL,
	CONSTRAINT "binfi_rounds_chain_id_fund_id_pk" PRIMARY KEY("chain_id","fund_id")
);
--> statement-breakpoint
CREATE INDEX "binfi_orders_round_idx" ON "binfi_orders" USING btree ("chain_id","fund_id");--> statement-breakpoint
CREATE INDEX "binfi_orders_owner_idx" ON "binfi_orders" USING btree ("chain_id","owner");--> statement-breakpoint
CREATE UNIQUE INDEX "binfi_payouts_log_key" ON "binfi_payouts" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "binfi_payouts_order_idx" ON "binfi_payouts" USING btree ("chain_id","order_id");--> statement-breakpoint
CREATE INDEX "binfi_payouts_round_idx" ON "binfi_payouts" USING btree ("chain_id","fund_id");--> statement-breakpoint
CREATE INDEX "binfi_rounds_status_idx" ON "binfi_rounds" USING btree ("chain_id","status");