ALTER TABLE "lesson_students" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "lesson_students" ADD COLUMN "note_shared" boolean DEFAULT false NOT NULL;