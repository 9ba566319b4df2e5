CREATE TABLE "course_lesson_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "cover_file_id" uuid;--> statement-breakpoint
ALTER TABLE "course_lesson_files" ADD CONSTRAINT "course_lesson_files_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_files" ADD CONSTRAINT "course_lesson_files_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_files" ADD CONSTRAINT "course_lesson_files_file_id_library_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."library_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_lesson_files_key" ON "course_lesson_files" USING btree ("lesson_id","file_id");--> statement-breakpoint
CREATE INDEX "course_lesson_files_file_idx" ON "course_lesson_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "course_lesson_files_admin_idx" ON "course_lesson_files" USING btree ("admin_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_cover_file_id_library_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."library_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Row-level security (as 0021): every attachment is its lesson's school's. A provider course's
-- attachments are read by every school (the lesson is); only the provider writes them.
ALTER TABLE course_lesson_files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE course_lesson_files FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON course_lesson_files USING (app_may_see_school(admin_id));
--> statement-breakpoint
CREATE POLICY provider_lesson_files_read ON course_lesson_files FOR SELECT USING (lesson_id IN (SELECT l.id FROM course_lessons l JOIN courses c ON c.id = l.course_id WHERE c.provider));
