ALTER TABLE "scheduling_settings" ADD COLUMN "day_starts_at" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduling_settings" ADD COLUMN "day_ends_at" text DEFAULT '21:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduling_settings" ADD CONSTRAINT "scheduling_settings_school_hours" CHECK ("scheduling_settings"."day_starts_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "scheduling_settings"."day_ends_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "scheduling_settings"."day_ends_at" > "scheduling_settings"."day_starts_at");
