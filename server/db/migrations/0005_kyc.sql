CREATE TABLE "kyc_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"employment_status" text NOT NULL,
	"annual_income_micros" bigint NOT NULL,
	"document_type" text NOT NULL,
	"id_front_file_id" uuid NOT NULL,
	"id_back_file_id" uuid NOT NULL,
	"camera_roll_file_id" uuid NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_requests_document_type_check" CHECK ("kyc_requests"."document_type" in ('ID', 'Passport', 'DL')),
	CONSTRAINT "kyc_requests_status_check" CHECK ("kyc_requests"."status" in ('Pending', 'Completed', 'Rejected')),
	CONSTRAINT "kyc_requests_income_check" CHECK ("kyc_requests"."annual_income_micros" >= 0)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "chat_widget_url" text;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_id_front_file_id_files_id_fk" FOREIGN KEY ("id_front_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_id_back_file_id_files_id_fk" FOREIGN KEY ("id_back_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_camera_roll_file_id_files_id_fk" FOREIGN KEY ("camera_roll_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_requests_user_idx" ON "kyc_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_requests_status_idx" ON "kyc_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_requests_one_open_key" ON "kyc_requests" USING btree ("user_id") WHERE "kyc_requests"."status" = 'Pending';