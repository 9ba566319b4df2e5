ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_target_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "parent_children" ADD COLUMN "direct" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;