CREATE TABLE "store_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"provider" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"provider" boolean DEFAULT false NOT NULL,
	"item_name" text NOT NULL,
	"item_code" text,
	"price_cents" integer NOT NULL,
	"shipping_cents" integer,
	"tax_applicable" boolean DEFAULT false NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"image_file_id" uuid,
	"category_id" uuid,
	"seller_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_products_stock_check" CHECK ("store_products"."stock" >= 0),
	CONSTRAINT "store_products_price_check" CHECK ("store_products"."price_cents" >= 0 and coalesce("store_products"."shipping_cents", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_sellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"cell_phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_stock_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"change" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"adjusted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_categories" ADD CONSTRAINT "store_categories_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_image_file_id_library_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."library_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_category_id_store_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."store_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_seller_id_store_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."store_sellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sellers" ADD CONSTRAINT "store_sellers_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock_adjustments" ADD CONSTRAINT "store_stock_adjustments_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock_adjustments" ADD CONSTRAINT "store_stock_adjustments_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock_adjustments" ADD CONSTRAINT "store_stock_adjustments_adjusted_by_users_id_fk" FOREIGN KEY ("adjusted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_categories_name_idx" ON "store_categories" USING btree ("admin_id",lower("name"));--> statement-breakpoint
CREATE INDEX "store_products_admin_idx" ON "store_products" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "store_products_provider_idx" ON "store_products" USING btree ("created_at") WHERE provider;--> statement-breakpoint
CREATE INDEX "store_sellers_admin_idx" ON "store_sellers" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "store_stock_adjustments_product_idx" ON "store_stock_adjustments" USING btree ("product_id","created_at");--> statement-breakpoint
-- Row-level security (as 0021's courses): every row is its store's. The provider's products and
-- categories (admin_id the superadmin's id, provider true) are read by every school; only the
-- provider's own scope (all schools) may write them, through tenant_isolation.
ALTER TABLE store_categories ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_categories FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_categories USING (app_may_see_school(admin_id));
--> statement-breakpoint
CREATE POLICY provider_categories_read ON store_categories FOR SELECT USING (provider);
--> statement-breakpoint
ALTER TABLE store_products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_products USING (app_may_see_school(admin_id));
--> statement-breakpoint
CREATE POLICY provider_products_read ON store_products FOR SELECT USING (provider);
--> statement-breakpoint
ALTER TABLE store_sellers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_sellers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_sellers USING (app_may_see_school(admin_id));
--> statement-breakpoint
-- A provider product's seller name is shown to every school that browses it.
CREATE POLICY provider_sellers_read ON store_sellers FOR SELECT USING (id IN (SELECT p.seller_id FROM store_products p WHERE p.provider));
--> statement-breakpoint
ALTER TABLE store_stock_adjustments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_stock_adjustments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_stock_adjustments USING (app_may_see_school(admin_id));
