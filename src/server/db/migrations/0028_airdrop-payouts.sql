CREATE TABLE "airdrop_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "airdrop_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"state" varchar(10) NOT NULL,
	"allocated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ledger_transaction_id" integer
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "airdrop_allocated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "airdrop_payouts" ADD CONSTRAINT "airdrop_payouts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_payouts" ADD CONSTRAINT "airdrop_payouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_payouts" ADD CONSTRAINT "airdrop_payouts_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "airdrop_payouts_campaign_member_uq" ON "airdrop_payouts" USING btree ("campaign_id","member_id");--> statement-breakpoint
CREATE INDEX "airdrop_payouts_state_idx" ON "airdrop_payouts" USING btree ("state","id");