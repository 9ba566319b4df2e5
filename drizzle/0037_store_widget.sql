CREATE TABLE "store_widget_items" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_widget_items" ADD CONSTRAINT "store_widget_items_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_widget_items" ADD CONSTRAINT "store_widget_items_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_widget_items_admin_idx" ON "store_widget_items" USING btree ("admin_id","position");--> statement-breakpoint
-- Row-level security: a school's widget items are its own (the public widget page reads them in
-- the school's scope).
ALTER TABLE store_widget_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_widget_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_widget_items USING (app_may_see_school(admin_id));
