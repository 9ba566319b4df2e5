ALTER TABLE "schools" ADD COLUMN "setup_checklist_dismissed_at" timestamp with time zone;--> statement-breakpoint
-- Schools made before the checklist are past their first day: theirs starts hidden (decision 076).
UPDATE "schools" SET "setup_checklist_dismissed_at" = now();
