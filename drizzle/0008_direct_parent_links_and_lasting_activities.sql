ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_target_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "parent_children" ADD COLUMN "direct" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Links a family backs were made by it (the parent and the child share a family).
UPDATE parent_children pc SET direct = false WHERE EXISTS (
  SELECT 1 FROM family_members fp JOIN family_members fc ON fc.family_id = fp.family_id
  WHERE fp.user_id = pc.parent_id AND fc.user_id = pc.student_id);
--> statement-breakpoint
-- Usernames are unique on the platform, but a school's transaction sees only its own people
-- (row-level security): this answers which of some candidate names anyone holds, and nothing else.
CREATE FUNCTION app_taken_usernames(candidates text[]) RETURNS SETOF text
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  SET app.all_schools = 'on'
  AS $$
    SELECT lower(username) FROM users WHERE lower(username) = ANY (SELECT lower(c) FROM unnest(candidates) c)
  $$;
