CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "vapid_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vapid_keys_one_row" CHECK ("vapid_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE push_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE push_subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON push_subscriptions USING (app_may_see_school(admin_id));
--> statement-breakpoint
-- The app's key pair belongs to no school: only all-schools transactions (the app's machinery,
-- never a school's request) read or make it.
ALTER TABLE vapid_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE vapid_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY app_wide ON vapid_keys USING ((SELECT coalesce(current_setting('app.all_schools', true), '') = 'on'));
--> statement-breakpoint
-- A browser keeps one subscription whoever signs in on it: when another person registers it, the
-- address moves to them, even from another school, whose row a school's request cannot see. This
-- deletes the address's rows of every other user, and does nothing else.
CREATE FUNCTION app_release_push_endpoint(p_endpoint text, p_user uuid) RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public
  SET app.all_schools = 'on'
  AS $$
    DELETE FROM push_subscriptions WHERE endpoint = p_endpoint AND user_id <> p_user
  $$;
