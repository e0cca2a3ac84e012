CREATE TABLE "admin_approvals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "admin_approvals_kind_check" CHECK ("admin_approvals"."kind" in ('admin.create', 'admin.enable', 'ledger.adjust', 'settings.dual_approval')),
	CONSTRAINT "admin_approvals_status_check" CHECK ("admin_approvals"."status" in ('Pending', 'Approved', 'Rejected', 'Expired')),
	CONSTRAINT "admin_approvals_expiry_check" CHECK ("admin_approvals"."expires_at" > "admin_approvals"."requested_at"),
	CONSTRAINT "admin_approvals_second_admin_check" CHECK ("admin_approvals"."status" <> 'Approved' or ("admin_approvals"."decided_by" is not null and "admin_approvals"."decided_by" <> "admin_approvals"."requested_by")),
	CONSTRAINT "admin_approvals_decided_check" CHECK (("admin_approvals"."status" = 'Pending') = ("admin_approvals"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "admin_approvals" ADD CONSTRAINT "admin_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_approvals" ADD CONSTRAINT "admin_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_approvals_status_idx" ON "admin_approvals" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "admin_approvals_requested_by_idx" ON "admin_approvals" USING btree ("requested_by","status");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;