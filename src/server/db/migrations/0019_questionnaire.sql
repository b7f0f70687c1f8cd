CREATE TABLE "questionnaire_drafts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"answers" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaire_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"score" smallint NOT NULL,
	"risk_type" smallint NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suitability_acknowledgements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suitability_acknowledgements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"product" varchar(12) NOT NULL,
	"product_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"product_risk" smallint NOT NULL,
	"risk_type" smallint,
	"questionnaire_id" integer,
	"reason" varchar(8) NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questionnaire_drafts" ADD CONSTRAINT "questionnaire_drafts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_results" ADD CONSTRAINT "questionnaire_results_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suitability_acknowledgements" ADD CONSTRAINT "suitability_acknowledgements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suitability_acknowledgements" ADD CONSTRAINT "suitability_acknowledgements_questionnaire_id_questionnaire_results_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaire_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_results_member_idx" ON "questionnaire_results" USING btree ("member_id","submitted_at");--> statement-breakpoint
CREATE INDEX "suitability_acknowledgements_subscription_idx" ON "suitability_acknowledgements" USING btree ("product","subscription_id");--> statement-breakpoint
CREATE INDEX "suitability_acknowledgements_member_idx" ON "suitability_acknowledgements" USING btree ("member_id");