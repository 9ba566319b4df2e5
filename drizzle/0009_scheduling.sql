CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"bank_lessons" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_reminders" (
	"admin_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_reminders_lesson_id_user_id_pk" PRIMARY KEY("lesson_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"lesson_type_id" uuid NOT NULL,
	"room_id" uuid,
	"class_group_id" uuid,
	"rrule" text NOT NULL,
	"starts_local" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"materialized_until" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_series_students" (
	"admin_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "lesson_series_students_series_id_student_id_pk" PRIMARY KEY("series_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_students" (
	"admin_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"attendance" text,
	"marked_at" timestamp with time zone,
	"marked_by" uuid,
	CONSTRAINT "lesson_students_lesson_id_student_id_pk" PRIMARY KEY("lesson_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"series_id" uuid,
	"occurrence_start" timestamp with time zone,
	"detached" boolean DEFAULT false NOT NULL,
	"teacher_id" uuid NOT NULL,
	"lesson_type_id" uuid NOT NULL,
	"room_id" uuid,
	"class_group_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"holiday_id" uuid,
	"attendance_taken_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_series_occurrence_key" UNIQUE("series_id","occurrence_start")
);
--> statement-breakpoint
CREATE TABLE "makeup_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"used_lesson_id" uuid,
	"granted_by_hand" boolean DEFAULT false NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "makeup_credits_lesson_student_key" UNIQUE("lesson_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"room_name" text NOT NULL,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduling_settings" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"credit_max_held" integer DEFAULT 2 NOT NULL,
	"credit_max_per_term" integer DEFAULT 4 NOT NULL,
	"credit_lifetime_days" integer DEFAULT 60 NOT NULL,
	"notice_hours" integer DEFAULT 24 NOT NULL,
	"banked_due_hours" integer DEFAULT 72 NOT NULL,
	"reminder_hours" integer DEFAULT 24 NOT NULL,
	"default_lesson_minutes" integer DEFAULT 30 NOT NULL,
	"term_starts_on" date,
	"term_ends_on" date
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications_on" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reminders" ADD CONSTRAINT "lesson_reminders_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reminders" ADD CONSTRAINT "lesson_reminders_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reminders" ADD CONSTRAINT "lesson_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_lesson_type_id_lesson_types_id_fk" FOREIGN KEY ("lesson_type_id") REFERENCES "public"."lesson_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series_students" ADD CONSTRAINT "lesson_series_students_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series_students" ADD CONSTRAINT "lesson_series_students_series_id_lesson_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."lesson_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series_students" ADD CONSTRAINT "lesson_series_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_students" ADD CONSTRAINT "lesson_students_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_students" ADD CONSTRAINT "lesson_students_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_students" ADD CONSTRAINT "lesson_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_types" ADD CONSTRAINT "lesson_types_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_series_id_lesson_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."lesson_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_lesson_type_id_lesson_types_id_fk" FOREIGN KEY ("lesson_type_id") REFERENCES "public"."lesson_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_holiday_id_holidays_id_fk" FOREIGN KEY ("holiday_id") REFERENCES "public"."holidays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_used_lesson_id_lessons_id_fk" FOREIGN KEY ("used_lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_settings" ADD CONSTRAINT "scheduling_settings_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holidays_admin_idx" ON "holidays" USING btree ("admin_id","starts_on");--> statement-breakpoint
CREATE INDEX "lesson_reminders_admin_idx" ON "lesson_reminders" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "lesson_series_admin_idx" ON "lesson_series" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "lesson_series_materialize_idx" ON "lesson_series" USING btree ("materialized_until");--> statement-breakpoint
CREATE INDEX "lesson_series_students_admin_idx" ON "lesson_series_students" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "lesson_students_student_idx" ON "lesson_students" USING btree ("student_id","lesson_id");--> statement-breakpoint
CREATE INDEX "lesson_students_admin_idx" ON "lesson_students" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_types_admin_name_idx" ON "lesson_types" USING btree ("admin_id",lower("name"));--> statement-breakpoint
CREATE INDEX "lessons_admin_start_idx" ON "lessons" USING btree ("admin_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_teacher_start_idx" ON "lessons" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_room_start_idx" ON "lessons" USING btree ("room_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_group_start_idx" ON "lessons" USING btree ("class_group_id","starts_at");--> statement-breakpoint
CREATE INDEX "makeup_credits_student_idx" ON "makeup_credits" USING btree ("student_id","status");--> statement-breakpoint
CREATE INDEX "makeup_credits_admin_expiry_idx" ON "makeup_credits" USING btree ("admin_id","status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_admin_name_idx" ON "rooms" USING btree ("admin_id",lower("room_name"));--> statement-breakpoint
CREATE INDEX "rooms_admin_created_idx" ON "rooms" USING btree ("admin_id","created_at");--> statement-breakpoint
ALTER TABLE scheduling_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE scheduling_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON scheduling_settings USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE lesson_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE lesson_types FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON lesson_types USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE rooms ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE rooms FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON rooms USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE holidays ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE holidays FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON holidays USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE lesson_series ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE lesson_series FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON lesson_series USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE lesson_series_students ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE lesson_series_students FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON lesson_series_students USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE lessons ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE lessons FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON lessons USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE lesson_students ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE lesson_students FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON lesson_students USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE makeup_credits ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE makeup_credits FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON makeup_credits USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE lesson_reminders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE lesson_reminders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON lesson_reminders USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE calendar_feeds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE calendar_feeds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON calendar_feeds USING (app_may_see_school(admin_id));
--> statement-breakpoint
-- A calendar app fetches the private iCal feed with no session: the token's hash names its owner
-- and school, and nothing else is answered before the feed is read inside that school.
CREATE FUNCTION app_calendar_feed_owner(hash text) RETURNS TABLE (user_id uuid, admin_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  SET app.all_schools = 'on'
  AS $$
    SELECT user_id, admin_id FROM calendar_feeds WHERE token_hash = hash
  $$;
