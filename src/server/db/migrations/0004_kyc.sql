CREATE TABLE "kyc_applications" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"state" varchar(16) NOT NULL,
	"personal" jsonb,
	"documents" jsonb,
	"business" jsonb,
	"rejected_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_note" text,
	"submitted_at" timestamp with time zone,
	"last_submitted_at" timestamp with time zone,
	"review_started_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"subject" varchar(8) NOT NULL,
	"from_state" varchar(24),
	"to_state" varchar(24) NOT NULL,
	"actor" varchar(8) NOT NULL,
	"actor_name" varchar(254) NOT NULL,
	"note" text,
	"items" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premier_applications" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"state" varchar(24) NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"investable_assets" varchar(16),
	"asset_proof_image_id" varchar(64),
	"kyc2_submitted_at" timestamp with time zone,
	"review_note" text,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "real_name" varchar(200);--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_history" ADD CONSTRAINT "kyc_history_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premier_applications" ADD CONSTRAINT "premier_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_applications_queue_idx" ON "kyc_applications" USING btree ("state","last_submitted_at");--> statement-breakpoint
CREATE INDEX "kyc_history_member_idx" ON "kyc_history" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "premier_applications_state_idx" ON "premier_applications" USING btree ("state","kyc2_submitted_at");--> statement-breakpoint
CREATE INDEX "uploads_member_idx" ON "uploads" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "members_referred_by_idx" ON "members" USING btree ("referred_by","created_at");