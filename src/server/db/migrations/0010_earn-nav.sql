ALTER TABLE "earn_events" ADD COLUMN "detail" varchar(20);--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "start_nav" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "end_nav" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "nav_through" varchar(10);--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "high_watermark" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "management_fee" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "performance_fee" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "excess_reward" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "earn_subscriptions" ADD COLUMN "termination_fee" numeric(78, 0);