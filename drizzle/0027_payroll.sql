CREATE TABLE "payroll_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_adjustments_amount" CHECK ("payroll_adjustments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"lesson_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"lesson_type_name" text NOT NULL,
	"reason" text NOT NULL,
	"paid" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"lesson_kind" text NOT NULL,
	"lesson_count" integer NOT NULL,
	"rate_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "payroll_lines_figure_key" UNIQUE("payroll_id","teacher_id","lesson_kind")
);
--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"pay_no_shows" boolean DEFAULT false NOT NULL,
	"pay_late_cancellations" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payrolls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'generated' NOT NULL,
	"teacher_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	CONSTRAINT "payrolls_status" CHECK ("payrolls"."status" in ('generated', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "payroll_adjustments" ADD CONSTRAINT "payroll_adjustments_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_adjustments" ADD CONSTRAINT "payroll_adjustments_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_adjustments" ADD CONSTRAINT "payroll_adjustments_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_adjustments" ADD CONSTRAINT "payroll_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lessons" ADD CONSTRAINT "payroll_lessons_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lessons" ADD CONSTRAINT "payroll_lessons_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lessons" ADD CONSTRAINT "payroll_lessons_line_id_payroll_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."payroll_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lessons" ADD CONSTRAINT "payroll_lessons_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_adjustments_payroll_idx" ON "payroll_adjustments" USING btree ("payroll_id","teacher_id");--> statement-breakpoint
CREATE INDEX "payroll_adjustments_admin_idx" ON "payroll_adjustments" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "payroll_lessons_line_idx" ON "payroll_lessons" USING btree ("line_id","starts_at");--> statement-breakpoint
CREATE INDEX "payroll_lessons_payroll_idx" ON "payroll_lessons" USING btree ("payroll_id");--> statement-breakpoint
CREATE INDEX "payroll_lessons_admin_idx" ON "payroll_lessons" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_lessons_paid_once_idx" ON "payroll_lessons" USING btree ("lesson_id") WHERE "payroll_lessons"."paid";--> statement-breakpoint
CREATE INDEX "payroll_lines_admin_idx" ON "payroll_lines" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "payrolls_admin_idx" ON "payrolls" USING btree ("admin_id","status","period_from");--> statement-breakpoint
ALTER TABLE payroll_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payroll_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payroll_settings USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE payrolls ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payrolls FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payrolls USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE payroll_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payroll_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payroll_lines USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE payroll_lessons ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payroll_lessons FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payroll_lessons USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE payroll_adjustments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payroll_adjustments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payroll_adjustments USING (app_may_see_school(admin_id));
