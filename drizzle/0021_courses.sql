CREATE TABLE "course_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"student_id" uuid,
	"class_group_id" uuid,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_assignments_one_target" CHECK ((student_id IS NULL) <> (class_group_id IS NULL))
);
--> statement-breakpoint
CREATE TABLE "course_lesson_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"video_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"provider" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"genre_id" uuid NOT NULL,
	"level" text NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"created_by" uuid,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_assignments" ADD CONSTRAINT "course_assignments_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignments" ADD CONSTRAINT "course_assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignments" ADD CONSTRAINT "course_assignments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignments" ADD CONSTRAINT "course_assignments_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignments" ADD CONSTRAINT "course_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_completions" ADD CONSTRAINT "course_lesson_completions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_completions" ADD CONSTRAINT "course_lesson_completions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_completions" ADD CONSTRAINT "course_lesson_completions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_assignments_admin_idx" ON "course_assignments" USING btree ("admin_id","course_id");--> statement-breakpoint
CREATE INDEX "course_assignments_student_idx" ON "course_assignments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "course_assignments_group_idx" ON "course_assignments" USING btree ("class_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_assignments_student_key" ON "course_assignments" USING btree ("course_id","student_id") WHERE student_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "course_assignments_group_key" ON "course_assignments" USING btree ("course_id","class_group_id") WHERE class_group_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "course_lesson_completions_key" ON "course_lesson_completions" USING btree ("lesson_id","student_id");--> statement-breakpoint
CREATE INDEX "course_lesson_completions_admin_idx" ON "course_lesson_completions" USING btree ("admin_id","student_id");--> statement-breakpoint
CREATE INDEX "course_lessons_course_idx" ON "course_lessons" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "course_lessons_admin_idx" ON "course_lessons" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "courses_admin_idx" ON "courses" USING btree ("admin_id","status","created_at");--> statement-breakpoint
CREATE INDEX "courses_provider_idx" ON "courses" USING btree ("created_at") WHERE provider;--> statement-breakpoint
-- Row-level security (as 0017): every row is its school's. The provider's courses (admin_id the
-- superadmin's id, provider true) and their lessons are read by every school; only the
-- provider's own scope (all schools) may write them, through tenant_isolation.
ALTER TABLE courses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE courses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON courses USING (app_may_see_school(admin_id));
--> statement-breakpoint
CREATE POLICY provider_courses_read ON courses FOR SELECT USING (provider);
--> statement-breakpoint
ALTER TABLE course_lessons ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE course_lessons FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON course_lessons USING (app_may_see_school(admin_id));
--> statement-breakpoint
CREATE POLICY provider_lessons_read ON course_lessons FOR SELECT USING (course_id IN (SELECT c.id FROM courses c WHERE c.provider));
--> statement-breakpoint
ALTER TABLE course_assignments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE course_assignments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON course_assignments USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE course_lesson_completions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE course_lesson_completions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON course_lesson_completions USING (app_may_see_school(admin_id));
