CREATE TABLE "binfi_flame_books" (
	"chain_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"symbol" varchar(20) NOT NULL,
	"capital" numeric(78, 0) NOT NULL,
	"position" numeric(78, 0) NOT NULL,
	"entry_price" numeric(78, 0) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"close_price" numeric(78, 0),
	"closed_at" timestamp with time zone,
	"close_reason" varchar(10),
	CONSTRAINT "binfi_flame_books_chain_id_fund_id_pk" PRIMARY KEY("chain_id","fund_id")
);
--> statement-breakpoint
CREATE TABLE "binfi_passes" (
	"chain_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"wallet" varchar(42) NOT NULL,
	"member_id" integer NOT NULL,
	"snapshot_block" bigint NOT NULL,
	"bcnt_balance" numeric(78, 0) NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"expiry" timestamp with time zone,
	"signature" varchar(132),
	"issued_at" timestamp with time zone,
	CONSTRAINT "binfi_passes_chain_id_fund_id_wallet_pk" PRIMARY KEY("chain_id","fund_id","wallet")
);
--> statement-breakpoint
CREATE TABLE "binfi_pnl_snapshots" (
	"chain_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"pnl" numeric(78, 0) NOT NULL,
	"equity" numeric(78, 0) NOT NULL,
	CONSTRAINT "binfi_pnl_snapshots_chain_id_fund_id_at_pk" PRIMARY KEY("chain_id","fund_id","at")
);
--> statement-breakpoint
CREATE TABLE "binfi_round_terms" (
	"chain_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"rock_apr_bps" integer NOT NULL,
	"platform_fee_bps" integer NOT NULL,
	"stop_loss_bps" integer NOT NULL,
	"symbol" varchar(20) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"rebates_paid_at" timestamp with time zone,
	CONSTRAINT "binfi_round_terms_chain_id_fund_id_pk" PRIMARY KEY("chain_id","fund_id")
);
