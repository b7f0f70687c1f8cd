CREATE TABLE "alliance_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alliance_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"address" varchar(42) NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"registered_block" bigint NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" varchar(16),
	"cancel_block" bigint,
	CONSTRAINT "alliance_registrations_address_lower_case" CHECK ("alliance_registrations"."address" = lower("alliance_registrations"."address"))
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" varchar(66) NOT NULL,
	CONSTRAINT "chain_blocks_chain_id_block_number_pk" PRIMARY KEY("chain_id","block_number")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" varchar(66),
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" varchar(66) NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"log_index" integer NOT NULL,
	"contract" varchar(42) NOT NULL,
	"event" varchar(24) NOT NULL,
	"account" varchar(42),
	"amount" numeric(78, 0),
	"request_id" numeric(78, 0),
	"unlock_at" timestamp with time zone,
	"from_address" varchar(42),
	"to_address" varchar(42),
	"token_id" numeric(78, 0),
	"args" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alliance_registrations" ADD CONSTRAINT "alliance_registrations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alliance_registrations_active_member_key" ON "alliance_registrations" USING btree ("member_id") WHERE "alliance_registrations"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alliance_registrations_active_address_key" ON "alliance_registrations" USING btree ("chain_id","address") WHERE "alliance_registrations"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "alliance_registrations_member_idx" ON "alliance_registrations" USING btree ("member_id","registered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_events_log_key" ON "chain_events" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_events_block_idx" ON "chain_events" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "chain_events_account_idx" ON "chain_events" USING btree ("chain_id","contract","account");--> statement-breakpoint
CREATE INDEX "chain_events_event_idx" ON "chain_events" USING btree ("chain_id","contract","event","block_number");--> statement-breakpoint
CREATE INDEX "chain_events_request_idx" ON "chain_events" USING btree ("chain_id","contract","request_id");