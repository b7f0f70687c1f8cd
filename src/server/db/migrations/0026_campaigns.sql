CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" varchar(40) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"airdrop_bcnt" numeric(78, 0),
	"min_subscription_days" integer,
	"min_amounts" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaigns_slug_unique" UNIQUE("slug")
);
