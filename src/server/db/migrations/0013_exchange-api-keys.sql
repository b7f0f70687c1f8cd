CREATE TABLE "exchange_api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"exchange" varchar(24) NOT NULL,
	"name" varchar(30) NOT NULL,
	"api_key" varchar(128) NOT NULL,
	"secret_sealed" text NOT NULL,
	"account_type" varchar(4) NOT NULL,
	"sub_account_name" varchar(50),
	"account" varchar(60) NOT NULL,
	"status" varchar(10) NOT NULL,
	"problem" varchar(12),
	"last_sync_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exchange_api_keys" ADD CONSTRAINT "exchange_api_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_api_keys_account_uq" ON "exchange_api_keys" USING btree ("member_id","exchange","account");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_api_keys_key_uq" ON "exchange_api_keys" USING btree ("exchange","api_key");--> statement-breakpoint
CREATE INDEX "exchange_api_keys_checked_idx" ON "exchange_api_keys" USING btree ("last_checked_at");