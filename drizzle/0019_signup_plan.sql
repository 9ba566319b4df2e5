ALTER TABLE "student_signups" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
-- By hand: server/db/schema/plans.ts imports members.ts, so the table cannot name student_plans back.
ALTER TABLE "student_signups" ADD CONSTRAINT "student_signups_plan_id_student_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."student_plans"("id") ON DELETE set null ON UPDATE no action;
