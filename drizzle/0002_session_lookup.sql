-- The session behind a bearer token, in one round trip and outside any tenant scope: the sign-in
-- machinery must read it before it knows the school. SECURITY DEFINER with app.all_schools set
-- for its own duration, so that it works whether or not the connecting user is bound by RLS.
CREATE FUNCTION app_session_lookup(p_token_hash text) RETURNS json
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  SET app.all_schools = 'on'
AS $$
  SELECT json_build_object(
    'session_id', s.id,
    'user', to_json(u),
    'school', to_json(sc),
    'actor', to_json(a),
    'actor_school', to_json(asch))
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN schools sc ON sc.admin_id = u.admin_id
  LEFT JOIN users a ON a.id = s.actor_user_id
  LEFT JOIN schools asch ON asch.admin_id = a.admin_id
  WHERE s.token_hash = p_token_hash AND s.expires_at > now()
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_session_lookup(text) FROM PUBLIC;
