CREATE TABLE "email_unsubscribes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"sender_id" uuid,
	"subject" text NOT NULL,
	"html_body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"recipient_count" integer NOT NULL,
	"unsubscribed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "group_email_id" uuid;--> statement-breakpoint
ALTER TABLE "email_unsubscribes" ADD CONSTRAINT "email_unsubscribes_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_unsubscribes" ADD CONSTRAINT "email_unsubscribes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_emails" ADD CONSTRAINT "group_emails_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_emails" ADD CONSTRAINT "group_emails_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_unsubscribes_person_idx" ON "email_unsubscribes" USING btree ("admin_id","user_id");--> statement-breakpoint
CREATE INDEX "group_emails_admin_idx" ON "group_emails" USING btree ("admin_id","created_at");--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_group_email_id_group_emails_id_fk" FOREIGN KEY ("group_email_id") REFERENCES "public"."group_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_messages_user_idx" ON "email_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_messages_group_email_idx" ON "email_messages" USING btree ("group_email_id","status");--> statement-breakpoint
ALTER TABLE group_emails ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE group_emails FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON group_emails USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE email_unsubscribes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE email_unsubscribes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON email_unsubscribes USING (app_may_see_school(admin_id));
