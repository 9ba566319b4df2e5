CREATE TABLE "plan_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"card_id" uuid,
	"status" text DEFAULT 'waiting' NOT NULL,
	"recurring_invoice_id" uuid,
	"starts_on" date,
	"ends_on" date,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"period" text NOT NULL,
	"lessons_per_period" integer NOT NULL,
	"lesson_minutes" integer NOT NULL,
	"lesson_kind" text NOT NULL,
	"genre_id" uuid,
	"teacher_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"class_group_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"retired_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_settings" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"plan_widget" boolean DEFAULT true NOT NULL,
	"login_widget" boolean DEFAULT true NOT NULL,
	"student_widget" boolean DEFAULT true NOT NULL,
	"register_widget" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_plan_id_student_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."student_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_recurring_invoice_id_recurring_invoices_id_fk" FOREIGN KEY ("recurring_invoice_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_plans" ADD CONSTRAINT "student_plans_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_plans" ADD CONSTRAINT "student_plans_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_plans" ADD CONSTRAINT "student_plans_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_plans" ADD CONSTRAINT "student_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_subscriptions_admin_idx" ON "plan_subscriptions" USING btree ("admin_id","status","created_at");--> statement-breakpoint
CREATE INDEX "plan_subscriptions_student_idx" ON "plan_subscriptions" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_live_idx" ON "plan_subscriptions" USING btree ("student_id","plan_id") WHERE status IN ('waiting', 'active');--> statement-breakpoint
CREATE INDEX "student_plans_admin_idx" ON "student_plans" USING btree ("admin_id","created_at") WHERE retired_at IS NULL;--> statement-breakpoint
ALTER TABLE student_plans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE student_plans FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON student_plans USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE plan_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE plan_subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON plan_subscriptions USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE widget_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE widget_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON widget_settings USING (app_may_see_school(admin_id));
