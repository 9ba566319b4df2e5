-- The tenant check reads its two settings once per statement: as scalar subqueries they become
-- InitPlans, where a bare current_setting() call was evaluated (and its uuid parsed) on every row
-- and hid the school filter from the planner's estimates.
CREATE OR REPLACE FUNCTION app_may_see_school(school uuid) RETURNS boolean
  LANGUAGE sql STABLE AS $$
    SELECT (SELECT coalesce(current_setting('app.all_schools', true), '') = 'on')
        OR school = (SELECT nullif(current_setting('app.admin_id', true), '')::uuid)
  $$;
--> statement-breakpoint
-- PL/pgSQL keeps the plan of its query for the life of the connection; the SQL function of
-- migration 0002 was planned again on every request.
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
      'actor', to_json(a),
      'actor_school', to_json(asch))
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN schools sc ON sc.admin_id = u.admin_id
    LEFT JOIN users a ON a.id = s.actor_user_id
    LEFT JOIN schools asch ON asch.admin_id = a.admin_id
    WHERE s.token_hash = p_token_hash AND s.expires_at > now());
END
$$;
