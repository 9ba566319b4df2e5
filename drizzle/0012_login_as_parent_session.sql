-- A login-as session ends with the session that started it (decision 018): it names that session,
-- is deleted with it (logout, password change or reset, deactivation, school removal), and the
-- lookup refuses it once that session has expired. Login-as sessions made before this migration
-- name no parent: they end now (their people sign in again).
DELETE FROM "sessions" WHERE "actor_user_id" IS NOT NULL AND "parent_session_id" IS NULL;--> statement-breakpoint
UPDATE "sessions" SET "parent_session_id" = NULL WHERE "actor_user_id" IS NULL AND "parent_session_id" IS NOT NULL;--> statement-breakpoint
DELETE FROM "sessions" s WHERE "parent_session_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "sessions" p WHERE p."id" = s."parent_session_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_session_id_sessions_id_fk" FOREIGN KEY ("parent_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_parent_idx" ON "sessions" USING btree ("parent_session_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_login_as_has_parent" CHECK (("sessions"."actor_user_id" is null) = ("sessions"."parent_session_id" is null));--> statement-breakpoint
-- As in 0006, plus: a login-as session stands only while its parent, the actor's own session, has
-- not expired (the foreign key above already ends it when the parent is deleted).
CREATE OR REPLACE FUNCTION app_session_lookup(p_token_hash text) RETURNS json
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public
  SET app.all_schools = 'on'
AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'session_id', s.id,
      'user', to_json(u),
      'school', to_json(sc),
      'school_open', app_school_open(u.admin_id, u.id),
      'actor', to_json(a),
      'actor_school', to_json(asch),
      'actor_school_open', a.id IS NULL OR app_school_open(a.admin_id, a.id))
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN schools sc ON sc.admin_id = u.admin_id
    LEFT JOIN users a ON a.id = s.actor_user_id
    LEFT JOIN schools asch ON asch.admin_id = a.admin_id
    LEFT JOIN sessions p ON p.id = s.parent_session_id
    WHERE s.token_hash = p_token_hash AND s.expires_at > now()
      AND (s.actor_user_id IS NULL OR (p.user_id = s.actor_user_id AND p.expires_at > now())));
END
$$;
