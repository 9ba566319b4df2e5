CREATE TABLE "library_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"owner_id" uuid,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"folder" text DEFAULT '' NOT NULL,
	"in_library" boolean DEFAULT true NOT NULL,
	"shared_with_teachers" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "library_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"student_id" uuid,
	"class_group_id" uuid,
	"shared_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_shares_one_target" CHECK ((student_id IS NULL) <> (class_group_id IS NULL))
);
--> statement-breakpoint
ALTER TABLE "library_files" ADD CONSTRAINT "library_files_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_files" ADD CONSTRAINT "library_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_shares" ADD CONSTRAINT "library_shares_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_shares" ADD CONSTRAINT "library_shares_file_id_library_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."library_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_shares" ADD CONSTRAINT "library_shares_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_shares" ADD CONSTRAINT "library_shares_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_shares" ADD CONSTRAINT "library_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_files_admin_idx" ON "library_files" USING btree ("admin_id","created_at") WHERE in_library;--> statement-breakpoint
CREATE INDEX "library_files_owner_idx" ON "library_files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "library_shares_admin_idx" ON "library_shares" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "library_shares_file_idx" ON "library_shares" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "library_shares_student_idx" ON "library_shares" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "library_shares_group_idx" ON "library_shares" USING btree ("class_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_shares_student_uq" ON "library_shares" USING btree ("file_id","student_id") WHERE student_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "library_shares_group_uq" ON "library_shares" USING btree ("file_id","class_group_id") WHERE class_group_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE library_files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE library_files FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON library_files USING (app_may_see_school(admin_id));
--> statement-breakpoint
ALTER TABLE library_shares ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE library_shares FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON library_shares USING (app_may_see_school(admin_id));
