CREATE TABLE "biz_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_url" text,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_id" uuid NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_more_pages" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_articles" ADD CONSTRAINT "biz_articles_category_id_biz_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."biz_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_articles" ADD CONSTRAINT "biz_articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_more_pages" ADD CONSTRAINT "learn_more_pages_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_articles_category_idx" ON "biz_articles" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "biz_articles_created_idx" ON "biz_articles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "biz_categories_position_idx" ON "biz_categories" USING btree ("position","created_at");--> statement-breakpoint
ALTER TABLE learn_more_pages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE learn_more_pages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON learn_more_pages USING (app_may_see_school(admin_id));
