CREATE TABLE "families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "family_members_family_id_user_id_unique" UNIQUE("family_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "merchant_accounts" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"environment" text NOT NULL,
	"api_login_id_encrypted" text NOT NULL,
	"api_login_id_last4" text NOT NULL,
	"transaction_key_encrypted" text NOT NULL,
	"transaction_key_last4" text NOT NULL,
	"public_client_key" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"cell_phone" text NOT NULL,
	"genres" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"student_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_genres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"genre_id" uuid NOT NULL,
	CONSTRAINT "teacher_genres_teacher_id_genre_id_unique" UNIQUE("teacher_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "teacher_pay_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"lesson_kind" text NOT NULL,
	"rate_cents" integer NOT NULL,
	CONSTRAINT "teacher_pay_rates_teacher_id_lesson_kind_unique" UNIQUE("teacher_id","lesson_kind")
);
--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_signups" ADD CONSTRAINT "student_signups_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_signups" ADD CONSTRAINT "student_signups_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_signups" ADD CONSTRAINT "student_signups_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_genres" ADD CONSTRAINT "teacher_genres_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_genres" ADD CONSTRAINT "teacher_genres_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_genres" ADD CONSTRAINT "teacher_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_pay_rates" ADD CONSTRAINT "teacher_pay_rates_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_pay_rates" ADD CONSTRAINT "teacher_pay_rates_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "families_admin_idx" ON "families" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "family_members_admin_idx" ON "family_members" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "family_members_user_idx" ON "family_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "student_signups_admin_idx" ON "student_signups" USING btree ("admin_id","status","created_at");--> statement-breakpoint
CREATE INDEX "teacher_genres_admin_idx" ON "teacher_genres" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "teacher_pay_rates_admin_idx" ON "teacher_pay_rates" USING btree ("admin_id");--> statement-breakpoint
ALTER TABLE teacher_genres ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE teacher_genres FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON teacher_genres USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE teacher_pay_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE teacher_pay_rates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON teacher_pay_rates USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE families ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE families FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON families USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE family_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE family_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON family_members USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE student_signups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE student_signups FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON student_signups USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE merchant_accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE merchant_accounts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON merchant_accounts USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE teacher_pay_rates ADD CONSTRAINT teacher_pay_rates_kind_check CHECK (lesson_kind IN ('private', 'class_group'));
--> statement-breakpoint
ALTER TABLE teacher_pay_rates ADD CONSTRAINT teacher_pay_rates_rate_check CHECK (rate_cents >= 0);
--> statement-breakpoint
ALTER TABLE student_signups ADD CONSTRAINT student_signups_status_check CHECK (status IN ('pending', 'approved', 'declined'));
--> statement-breakpoint
-- The instruments and genres every school starts with (the demo seed used to be the only source).
INSERT INTO genres (name) VALUES ('Piano'), ('Guitar'), ('Violin'), ('Viola'), ('Cello'), ('Voice'), ('Drums'), ('Flute'), ('Ukulele'), ('Saxophone'), ('Bass Guitar'), ('Trumpet'), ('Clarinet'), ('Trombone'), ('Harp'), ('Music Theory') ON CONFLICT (name) DO NOTHING;
