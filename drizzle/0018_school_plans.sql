CREATE TABLE "school_plan_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_method" text NOT NULL,
	"period_starts_on" date NOT NULL,
	"renews_on" date NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"renewal_failures" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"gateway" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"customer_profile_id" text,
	"customer_payment_profile_id" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_plan_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"period_starts_on" date NOT NULL,
	"period_ends_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text NOT NULL,
	"gateway" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"gateway_transaction_id" text,
	"message" text DEFAULT '' NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "school_plan_charges_period_key" UNIQUE("booking_id","period_starts_on")
);
--> statement-breakpoint
CREATE TABLE "school_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"school_private_teacher" text NOT NULL,
	"billing_period" text NOT NULL,
	"max_students" integer,
	"max_teachers" integer,
	"store_included" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "plan_lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_plan_bookings" ADD CONSTRAINT "school_plan_bookings_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_plan_bookings" ADD CONSTRAINT "school_plan_bookings_plan_id_school_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."school_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_plan_charges" ADD CONSTRAINT "school_plan_charges_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_plan_charges" ADD CONSTRAINT "school_plan_charges_booking_id_school_plan_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."school_plan_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_plan_charges" ADD CONSTRAINT "school_plan_charges_plan_id_school_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."school_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_plan_bookings_admin_idx" ON "school_plan_bookings" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "school_plan_bookings_plan_idx" ON "school_plan_bookings" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "school_plan_bookings_due_idx" ON "school_plan_bookings" USING btree ("renews_on") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "school_plan_charges_key_idx" ON "school_plan_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "school_plan_charges_admin_idx" ON "school_plan_charges" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "school_plan_charges_pending_idx" ON "school_plan_charges" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "school_plans_created_idx" ON "school_plans" USING btree ("created_at");--> statement-breakpoint
-- Row-level security (as 0015): a school's booking and its charges are the school's rows. The
-- provider's plans belong to no school: the catalogue is read by the public sign-up page.
ALTER TABLE school_plan_bookings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE school_plan_bookings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON school_plan_bookings USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE school_plan_charges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE school_plan_charges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON school_plan_charges USING (app_may_see_school(admin_id));
