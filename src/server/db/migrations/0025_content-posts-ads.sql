CREATE TABLE "advertisements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advertisements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_web" boolean NOT NULL,
	"sort_order" integer NOT NULL,
	"open_url" varchar(500) NOT NULL,
	"image_app_url" varchar(500),
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content_post_texts" (
	"post_id" integer NOT NULL,
	"lang" varchar(2) NOT NULL,
	"title" varchar(200) NOT NULL,
	"excerpt" varchar(500) NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "content_post_texts_post_id_lang_pk" PRIMARY KEY("post_id","lang")
);
--> statement-breakpoint
CREATE TABLE "content_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" varchar(20) NOT NULL,
	"slug" varchar(60),
	"date" varchar(10) NOT NULL,
	"source" varchar(120),
	"external_url" varchar(500),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_post_texts" ADD CONSTRAINT "content_post_texts_post_id_content_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."content_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertisements_sort_idx" ON "advertisements" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "content_posts_category_idx" ON "content_posts" USING btree ("category","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_posts_slug_idx" ON "content_posts" USING btree ("category","slug");