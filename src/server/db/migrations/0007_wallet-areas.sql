CREATE TABLE "store_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_number" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"usdt_amount" numeric(78, 0) NOT NULL,
	"price_usdt" varchar(80) NOT NULL,
	"price_version" varchar(32) NOT NULL,
	"bcnt_amount" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivered_usdt" numeric(78, 0),
	"delivered_bcnt" numeric(78, 0),
	"delivery_transaction_id" bigint
);
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"network" varchar(24) NOT NULL,
	"address" varchar(120) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"network" varchar(24) NOT NULL,
	"address" varchar(120) NOT NULL,
	"address_id" integer,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"usdt_value" numeric(78, 0) NOT NULL,
	"status" varchar(12) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"nonce" integer,
	"signed_tx" text,
	"tx_hash" varchar(100),
	"broadcast_at" timestamp with time zone,
	"block_number" bigint,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"failure_reason" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "conversion_daily_usage" (
	"day" varchar(10) NOT NULL,
	"holder" varchar(32) NOT NULL,
	"usdt_value" numeric(78, 0) DEFAULT '0' NOT NULL,
	"bcnt_out" numeric(78, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "conversion_daily_usage_day_holder_pk" PRIMARY KEY("day","holder")
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"from_currency" varchar(8) NOT NULL,
	"to_currency" varchar(8) NOT NULL,
	"from_amount" numeric(78, 0) NOT NULL,
	"to_amount" numeric(78, 0) NOT NULL,
	"price" varchar(80) NOT NULL,
	"price_version" varchar(64) NOT NULL,
	"usdt_value" numeric(78, 0) NOT NULL,
	"day" varchar(10) NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custodial_stake_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custodial_stake_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"unlock_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"ledger_transaction_id" bigint
);
--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custodial_stake_records" ADD CONSTRAINT "custodial_stake_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_number_key" ON "store_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "store_orders_member_idx" ON "store_orders" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "store_orders_undelivered_idx" ON "store_orders" USING btree ("id") WHERE "store_orders"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_addresses_member_idx" ON "withdrawal_addresses" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_entry_key" ON "withdrawal_addresses" USING btree ("member_id","currency","network","address");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_default_key" ON "withdrawal_addresses" USING btree ("member_id","currency","network") WHERE "withdrawal_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "conversions_member_idx" ON "conversions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "custodial_stake_records_member_idx" ON "custodial_stake_records" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "custodial_stake_records_due_idx" ON "custodial_stake_records" USING btree ("unlock_at") WHERE "custodial_stake_records"."kind" = 'unstake' and "custodial_stake_records"."released_at" is null;