CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"admin_id" uuid,
	"category" text NOT NULL,
	"in_app" boolean NOT NULL,
	"by_email" boolean NOT NULL,
	"by_push" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "group_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "send_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_pending_group_idx" ON "email_messages" USING btree ("user_id","group_key") WHERE "email_messages"."status" = 'pending' and "email_messages"."group_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_group_idx" ON "notifications" USING btree ("user_id","group_key") WHERE "notifications"."read_at" is null and "notifications"."group_key" is not null;--> statement-breakpoint
ALTER TABLE notification_preferences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notification_preferences FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON notification_preferences USING (app_may_see_school(admin_id));
--> statement-breakpoint
-- A school's event may concern the provider (a support request), whose account and choices belong
-- to no school: this names the active superadmins with their address, switch and choices, and
-- nothing else of them (decision 083).
CREATE FUNCTION app_provider_recipients() RETURNS TABLE (id uuid, email text, notifications_on boolean, preferences json)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  SET app.all_schools = 'on'
  AS $$
    SELECT u.id, u.email, u.notifications_on,
      coalesce((SELECT json_agg(json_build_object('category', p.category, 'inApp', p.in_app, 'email', p.by_email, 'push', p.by_push))
        FROM notification_preferences p WHERE p.user_id = u.id), '[]'::json)
    FROM users u WHERE u.role = 'superadmin' AND u.status ORDER BY u.created_at
  $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_provider_recipients() FROM PUBLIC;
