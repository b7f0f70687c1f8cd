CREATE TABLE "partner_accounts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"payout_address" varchar(120) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_rebates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_rebates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"source" varchar(40) NOT NULL,
	"base" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"ledger_transaction_id" integer NOT NULL,
	"payout_id" integer,
	"accrued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_referrals" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD CONSTRAINT "partner_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_partner_id_members_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_rebates" ADD CONSTRAINT "partner_rebates_partner_id_members_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_rebates" ADD CONSTRAINT "partner_rebates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_rebates" ADD CONSTRAINT "partner_rebates_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_rebates" ADD CONSTRAINT "partner_rebates_payout_id_partner_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."partner_payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_referrals" ADD CONSTRAINT "partner_referrals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_referrals" ADD CONSTRAINT "partner_referrals_partner_id_members_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_payouts_partner_seq_uq" ON "partner_payouts" USING btree ("partner_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_rebates_source_uq" ON "partner_rebates" USING btree ("source");--> statement-breakpoint
CREATE INDEX "partner_rebates_partner_idx" ON "partner_rebates" USING btree ("partner_id","payout_id");--> statement-breakpoint
CREATE INDEX "partner_referrals_partner_idx" ON "partner_referrals" USING btree ("partner_id","created_at");