CREATE TABLE "earn_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earn_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_key" varchar(80) NOT NULL,
	"subscription_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"day" varchar(10),
	"level" integer,
	"rate_bps" integer,
	"term" integer NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_nav" (
	"product_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"nav" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "earn_nav_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "earn_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earn_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial_number" varchar(12) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"strategy" varchar(12),
	"currency" varchar(8) NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'draft' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"period_month" integer NOT NULL,
	"raise_start" timestamp with time zone NOT NULL,
	"raise_end" timestamp with time zone NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"annual_return_bps" integer,
	"max_drawdown_bps" integer,
	"risk_level" integer DEFAULT 1 NOT NULL,
	"min_unit" integer NOT NULL,
	"max_unit" integer NOT NULL,
	"per_unit" numeric(78, 0) NOT NULL,
	"capacity_units" integer,
	"soft_cap_units" integer,
	"min_renew_units" integer DEFAULT 1 NOT NULL,
	"limited" boolean DEFAULT false NOT NULL,
	"premium_only" boolean DEFAULT false NOT NULL,
	"settlement" varchar(8) NOT NULL,
	"renewable" boolean DEFAULT true NOT NULL,
	"leverage_x100" integer,
	"sharpe_x100" integer,
	"management_fee_bps" integer,
	"performance_fee_bps" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earn_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"units" integer NOT NULL,
	"invested" numeric(78, 0) NOT NULL,
	"added" numeric(78, 0) DEFAULT '0' NOT NULL,
	"principal" numeric(78, 0) NOT NULL,
	"accumulated_reward" numeric(78, 0) DEFAULT '0' NOT NULL,
	"auto_renew" boolean NOT NULL,
	"asset_return_units" integer,
	"asset_return_level" integer,
	"consents" jsonb NOT NULL,
	"term" integer DEFAULT 1 NOT NULL,
	"term_start" timestamp with time zone,
	"term_end" timestamp with time zone,
	"settled_through" varchar(10),
	"rate_level" integer,
	"lower_level_since" varchar(10),
	"return_due_at" timestamp with time zone,
	"return_amount" numeric(78, 0),
	"returned_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_bcnt" numeric(78, 0),
	"reminder_term" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "earn_events" ADD CONSTRAINT "earn_events_subscription_id_earn_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."earn_subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_nav" ADD CONSTRAINT "earn_nav_product_id_earn_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."earn_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD CONSTRAINT "earn_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD CONSTRAINT "earn_subscriptions_product_id_earn_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."earn_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earn_events_key_idx" ON "earn_events" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "earn_events_subscription_idx" ON "earn_events" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "earn_events_unpaid_idx" ON "earn_events" USING btree ("subscription_id") WHERE "earn_events"."kind" = 'reward' and "earn_events"."ledger_transaction_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "earn_products_serial_idx" ON "earn_products" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "earn_subscriptions_member_product_idx" ON "earn_subscriptions" USING btree ("member_id","product_id");--> statement-breakpoint
CREATE INDEX "earn_subscriptions_product_state_idx" ON "earn_subscriptions" USING btree ("product_id","state");--> statement-breakpoint
CREATE INDEX "earn_subscriptions_state_idx" ON "earn_subscriptions" USING btree ("state");