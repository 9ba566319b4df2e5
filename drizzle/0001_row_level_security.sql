-- Second wall behind the tenant filters of the services (docs/domains/conventions.md "Tenancy"): every request runs
-- as cadenza_app, which cannot bypass these policies, inside a transaction that names the acting
-- school in app.admin_id, or sets app.all_schools for the superadmin and the sign-in machinery.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cadenza_app') THEN
    CREATE ROLE cadenza_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION app_may_see_school(school uuid) RETURNS boolean
  LANGUAGE sql STABLE AS $$
    SELECT coalesce(current_setting('app.all_schools', true), '') = 'on'
        OR school = nullif(current_setting('app.admin_id', true), '')::uuid
  $$;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE schools ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schools FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schools USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_events USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE email_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE email_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON email_messages USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE student_genres ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE student_genres FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON student_genres USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE student_teachers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE student_teachers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON student_teachers USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE parent_children ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE parent_children FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON parent_children USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE class_groups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE class_groups FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON class_groups USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE class_group_students ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE class_group_students FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON class_group_students USING (app_may_see_school(admin_id));
