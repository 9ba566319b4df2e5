CREATE TABLE "favourite_songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"title" text NOT NULL,
	"artist" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_assignment_students" (
	"admin_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "practice_assignment_students_assignment_id_student_id_pk" PRIMARY KEY("assignment_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "practice_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"created_by" uuid,
	"class_group_id" uuid,
	"instructions" text DEFAULT '' NOT NULL,
	"due_on" date NOT NULL,
	"minutes_per_day" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_item_completions" (
	"admin_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_item_completions_item_id_student_id_pk" PRIMARY KEY("item_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "practice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"title" text NOT NULL,
	"artist" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"timer_id" uuid,
	"practiced_on" date NOT NULL,
	"seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_timers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text NOT NULL,
	"practiced_on" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"running_since" timestamp with time zone,
	"accumulated_seconds" integer DEFAULT 0 NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "favourite_songs" ADD CONSTRAINT "favourite_songs_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_songs" ADD CONSTRAINT "favourite_songs_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignment_students" ADD CONSTRAINT "practice_assignment_students_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignment_students" ADD CONSTRAINT "practice_assignment_students_assignment_id_practice_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."practice_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignment_students" ADD CONSTRAINT "practice_assignment_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_item_completions" ADD CONSTRAINT "practice_item_completions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_item_completions" ADD CONSTRAINT "practice_item_completions_item_id_practice_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."practice_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_item_completions" ADD CONSTRAINT "practice_item_completions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_items" ADD CONSTRAINT "practice_items_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_items" ADD CONSTRAINT "practice_items_assignment_id_practice_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."practice_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_timer_id_practice_timers_id_fk" FOREIGN KEY ("timer_id") REFERENCES "public"."practice_timers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_timers" ADD CONSTRAINT "practice_timers_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_timers" ADD CONSTRAINT "practice_timers_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_songs_student_idx" ON "favourite_songs" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "practice_assignment_students_student_idx" ON "practice_assignment_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "practice_assignments_admin_due_idx" ON "practice_assignments" USING btree ("admin_id","due_on");--> statement-breakpoint
CREATE INDEX "practice_item_completions_student_idx" ON "practice_item_completions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "practice_items_assignment_idx" ON "practice_items" USING btree ("assignment_id","position");--> statement-breakpoint
CREATE INDEX "practice_sessions_student_day_idx" ON "practice_sessions" USING btree ("student_id","practiced_on");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_sessions_timer_idx" ON "practice_sessions" USING btree ("timer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_timers_live_idx" ON "practice_timers" USING btree ("student_id") WHERE status IN ('running', 'paused');--> statement-breakpoint
ALTER TABLE practice_assignments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE practice_assignments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON practice_assignments USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE practice_assignment_students ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE practice_assignment_students FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON practice_assignment_students USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE practice_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE practice_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON practice_items USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE practice_item_completions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE practice_item_completions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON practice_item_completions USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE practice_timers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE practice_timers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON practice_timers USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE practice_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE practice_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON practice_sessions USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE favourite_songs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE favourite_songs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON favourite_songs USING (app_may_see_school(admin_id));
