CREATE TABLE "store_cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"store_admin_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_cart_items_quantity_check" CHECK ("store_cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "store_order_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"buyer_admin_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid,
	"item_name" text NOT NULL,
	"item_code" text,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	"tax_applicable" boolean NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_order_items_quantity_check" CHECK ("store_order_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "store_order_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"buyer_admin_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"provider" boolean DEFAULT false NOT NULL,
	"order_number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"buyer_admin_id" uuid NOT NULL,
	"address_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"grand_total_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'charging' NOT NULL,
	"idempotency_key" text NOT NULL,
	"gateway" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"transaction_id" text,
	"customer_profile_id" text,
	"customer_payment_profile_id" text,
	"card_brand" text,
	"card_last4" text,
	"payment_message" text DEFAULT '' NOT NULL,
	"refund_transaction_id" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_money_check" CHECK ("store_orders"."subtotal_cents" >= 0 and "store_orders"."tax_cents" >= 0 and "store_orders"."shipping_cents" >= 0 and "store_orders"."grand_total_cents" >= 0 and "store_orders"."refunded_cents" >= 0),
	CONSTRAINT "store_orders_status_check" CHECK ("store_orders"."status" in ('pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')),
	CONSTRAINT "store_orders_payment_status_check" CHECK ("store_orders"."payment_status" in ('none', 'charging', 'charged', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"provider" boolean DEFAULT false NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"next_order_number" integer DEFAULT 1001 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_tax_check" CHECK ("store_settings"."tax_rate_bp" >= 0 and "store_settings"."tax_rate_bp" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "store_products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_cart_items" ADD CONSTRAINT "store_cart_items_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_items" ADD CONSTRAINT "store_cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_items" ADD CONSTRAINT "store_cart_items_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_items" ADD CONSTRAINT "store_cart_items_store_admin_id_users_id_fk" FOREIGN KEY ("store_admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_addresses" ADD CONSTRAINT "store_order_addresses_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_addresses" ADD CONSTRAINT "store_order_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_items" ADD CONSTRAINT "store_order_items_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_items" ADD CONSTRAINT "store_order_items_buyer_admin_id_users_id_fk" FOREIGN KEY ("buyer_admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_items" ADD CONSTRAINT "store_order_items_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_items" ADD CONSTRAINT "store_order_items_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_items" ADD CONSTRAINT "store_order_items_seller_id_store_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."store_sellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_status_changes" ADD CONSTRAINT "store_order_status_changes_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_status_changes" ADD CONSTRAINT "store_order_status_changes_buyer_admin_id_users_id_fk" FOREIGN KEY ("buyer_admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_status_changes" ADD CONSTRAINT "store_order_status_changes_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_status_changes" ADD CONSTRAINT "store_order_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_buyer_admin_id_users_id_fk" FOREIGN KEY ("buyer_admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_address_id_store_order_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."store_order_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_cart_items_user_product_idx" ON "store_cart_items" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_order_addresses_user_idx" ON "store_order_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "store_order_items_order_idx" ON "store_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_order_items_product_idx" ON "store_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "store_order_items_seller_idx" ON "store_order_items" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "store_order_status_changes_order_idx" ON "store_order_status_changes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_number_idx" ON "store_orders" USING btree ("admin_id","order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_idempotency_idx" ON "store_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "store_orders_admin_created_idx" ON "store_orders" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "store_orders_user_created_idx" ON "store_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_orders_charging_idx" ON "store_orders" USING btree ("created_at") WHERE payment_status = 'charging';--> statement-breakpoint
-- Row-level security (decision 046). Settings, carts and addresses are their school's. An order,
-- its lines and its history are written in the store's scope (the provider's for the provider's
-- store) and read there and in the buyer's school's scope too. The provider's tax rate is read by
-- every school (the cart of a provider item shows it).
ALTER TABLE store_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_settings USING (app_may_see_school(admin_id));
--> statement-breakpoint
CREATE POLICY provider_settings_read ON store_settings FOR SELECT USING (provider);
--> statement-breakpoint
ALTER TABLE store_cart_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_cart_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_cart_items USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE store_order_addresses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_order_addresses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_order_addresses USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE store_orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_orders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_orders USING (app_may_see_school(admin_id));
--> statement-breakpoint
CREATE POLICY buyer_school_read ON store_orders FOR SELECT USING (app_may_see_school(buyer_admin_id));
--> statement-breakpoint
ALTER TABLE store_order_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_order_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_order_items USING (app_may_see_school(admin_id));
--> statement-breakpoint
CREATE POLICY buyer_school_read ON store_order_items FOR SELECT USING (app_may_see_school(buyer_admin_id));
--> statement-breakpoint
ALTER TABLE store_order_status_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_order_status_changes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_order_status_changes USING (app_may_see_school(admin_id));
--> statement-breakpoint
CREATE POLICY buyer_school_read ON store_order_status_changes FOR SELECT USING (app_may_see_school(buyer_admin_id));
