CREATE INDEX "class_group_students_student_idx" ON "class_group_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "lessons_holiday_idx" ON "lessons" USING btree ("holiday_id");--> statement-breakpoint
CREATE INDEX "makeup_credits_used_lesson_idx" ON "makeup_credits" USING btree ("used_lesson_id");