ALTER TABLE "school_plan_bookings" ADD COLUMN "self_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Bookings made before the flag: self-registration wrote the owner and the booking in one transaction (one now()).
UPDATE "school_plan_bookings" b SET "self_registered" = true FROM "users" u WHERE u."id" = b."admin_id" AND u."created_at" = b."created_at";
