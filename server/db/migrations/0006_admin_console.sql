ALTER TABLE "sessions" ADD COLUMN "impersonated_by" uuid;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "withdrawal_dual_approval_micros" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trading_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawals_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonated_by_users_id_fk" FOREIGN KEY ("impersonated_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_dual_approval_check" CHECK ("site_settings"."withdrawal_dual_approval_micros" is null or "site_settings"."withdrawal_dual_approval_micros" > 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_second_approver_check" CHECK ("withdrawals"."first_approved_by" is null or "withdrawals"."decided_by" is null or "withdrawals"."status" <> 'Completed' or "withdrawals"."decided_by" <> "withdrawals"."first_approved_by");