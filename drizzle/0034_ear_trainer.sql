CREATE TABLE "ear_trainer_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"questions_per_week" integer NOT NULL,
	"set_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ear_trainer_goals_student_id_unique" UNIQUE("student_id")
);
--> statement-breakpoint
CREATE TABLE "ear_trainer_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"label" text NOT NULL,
	"repetitions" integer DEFAULT 0 NOT NULL,
	"interval_days" real DEFAULT 0 NOT NULL,
	"ease" real DEFAULT 2.5 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"right" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ear_trainer_progress_item_idx" UNIQUE("student_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "ear_trainer_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"set_id" uuid,
	"item" jsonb NOT NULL,
	"item_key" text NOT NULL,
	"root" integer NOT NULL,
	"answer" text,
	"correct" boolean,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ear_trainer_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ear_trainer_goals" ADD CONSTRAINT "ear_trainer_goals_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ear_trainer_goals" ADD CONSTRAINT "ear_trainer_goals_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ear_trainer_goals" ADD CONSTRAINT "ear_trainer_goals_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ear_trainer_progress" ADD CONSTRAINT "ear_trainer_progress_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ear_trainer_progress" ADD CONSTRAINT "ear_trainer_progress_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ear_trainer_questions" ADD CONSTRAINT "ear_trainer_questions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ear_trainer_questions" ADD CONSTRAINT "ear_trainer_questions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ear_trainer_questions" ADD CONSTRAINT "ear_trainer_questions_set_id_ear_trainer_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."ear_trainer_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ear_trainer_goals_admin_idx" ON "ear_trainer_goals" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "ear_trainer_progress_admin_idx" ON "ear_trainer_progress" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "ear_trainer_questions_admin_idx" ON "ear_trainer_questions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "ear_trainer_questions_student_idx" ON "ear_trainer_questions" USING btree ("student_id","answered_at");--> statement-breakpoint
CREATE INDEX "ear_trainer_sets_level_idx" ON "ear_trainer_sets" USING btree ("level","created_at");--> statement-breakpoint
-- Row-level security. The exercise sets are the provider's and belong to no school: every
-- transaction reads them, only an all-schools one (the superadmin's) writes them. The rest are
-- school rows behind tenant_isolation.
ALTER TABLE ear_trainer_sets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ear_trainer_sets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY sets_read ON ear_trainer_sets FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY provider_writes ON ear_trainer_sets USING ((SELECT coalesce(current_setting('app.all_schools', true), '') = 'on'));
--> statement-breakpoint
ALTER TABLE ear_trainer_questions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ear_trainer_questions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ear_trainer_questions USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE ear_trainer_progress ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ear_trainer_progress FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ear_trainer_progress USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE ear_trainer_goals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ear_trainer_goals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ear_trainer_goals USING (app_may_see_school(admin_id));
