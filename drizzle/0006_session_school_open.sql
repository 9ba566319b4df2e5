-- A session stands only while its school does: the owner active and the school not removed
-- (decision 007). The lookup answers that beside the user, so every request checks it, not only
-- sign-in.
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
    WHERE s.token_hash = p_token_hash AND s.expires_at > now());
END
$$;
--> statement-breakpoint
-- Is the school of this user open? The superadmin has none; an owner's own status is their user's.
CREATE FUNCTION app_school_open(p_admin_id uuid, p_user_id uuid) RETURNS boolean
  LANGUAGE sql STABLE AS $$
    SELECT p_admin_id IS NULL OR EXISTS (
      SELECT 1 FROM users o LEFT JOIN schools sc ON sc.admin_id = o.id
      WHERE o.id = p_admin_id AND (o.status OR o.id = p_user_id) AND sc.deleted_at IS NULL)
  $$;
