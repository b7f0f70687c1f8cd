CREATE TABLE "referral_friends" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"level1_at" timestamp with time zone NOT NULL,
	"month" varchar(7) NOT NULL,
	"counted" boolean NOT NULL,
	"first_purchase_at" timestamp with time zone,
	"purchase_rank" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"state" varchar(8) NOT NULL,
	"accrued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ledger_transaction_id" integer
);
--> statement-breakpoint
ALTER TABLE "referral_friends" ADD CONSTRAINT "referral_friends_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_friends" ADD CONSTRAINT "referral_friends_referrer_id_members_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_friend_id_members_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_friends_referrer_month_idx" ON "referral_friends" USING btree ("referrer_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_friends_referrer_rank_uq" ON "referral_friends" USING btree ("referrer_id","purchase_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_friend_kind_uq" ON "referral_rewards" USING btree ("friend_id","kind");--> statement-breakpoint
CREATE INDEX "referral_rewards_state_idx" ON "referral_rewards" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "referral_rewards_member_idx" ON "referral_rewards" USING btree ("member_id","id");