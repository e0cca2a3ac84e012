CREATE TABLE "deposit_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coin_name" text NOT NULL,
	"payment_address_type" text NOT NULL,
	"payment_address" text NOT NULL,
	"min_amount_micros" bigint NOT NULL,
	"max_amount_micros" bigint NOT NULL,
	"conversion_price_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"coin_symbol" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_methods_limits" CHECK ("deposit_methods"."min_amount_micros" > 0 and "deposit_methods"."max_amount_micros" >= "deposit_methods"."min_amount_micros" and "deposit_methods"."conversion_price_micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"method_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"gateway_type" text NOT NULL,
	"currency" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"coin_units" bigint NOT NULL,
	"conversion_rate_micros" bigint NOT NULL,
	"screenshot_file_id" uuid NOT NULL,
	"transaction_id" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount_micros" > 0),
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('Pending', 'Completed', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"purpose" text,
	"claimed_at" timestamp with time zone,
	"storage_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width_px" integer NOT NULL,
	"height_px" integer NOT NULL,
	"uploader_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_micros" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postings_amount_nonzero" CHECK ("postings"."amount_micros" <> 0)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"sender_pay_id" text NOT NULL,
	"receiver_pay_id" text NOT NULL,
	"sender_username" text NOT NULL,
	"receiver_username" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"fee_micros" bigint NOT NULL,
	"net_micros" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_not_self" CHECK ("transfers"."sender_id" <> "transfers"."receiver_id"),
	CONSTRAINT "transfers_split" CHECK ("transfers"."amount_micros" > 0 and "transfers"."fee_micros" >= 0 and "transfers"."net_micros" > 0 and "transfers"."fee_micros" + "transfers"."net_micros" = "transfers"."amount_micros")
);
--> statement-breakpoint
CREATE TABLE "withdraw_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coin_name" text NOT NULL,
	"payment_address_type" text NOT NULL,
	"payment_address" text NOT NULL,
	"min_amount_micros" bigint NOT NULL,
	"max_amount_micros" bigint NOT NULL,
	"conversion_price_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"coin_symbol" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"charge_micro_percent" bigint NOT NULL,
	CONSTRAINT "withdraw_methods_limits" CHECK ("withdraw_methods"."min_amount_micros" > 0 and "withdraw_methods"."max_amount_micros" >= "withdraw_methods"."min_amount_micros" and "withdraw_methods"."conversion_price_micros" > 0),
	CONSTRAINT "withdraw_methods_charge" CHECK ("withdraw_methods"."charge_micro_percent" >= 0 and "withdraw_methods"."charge_micro_percent" < 100000000)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"method_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"gateway_type" text NOT NULL,
	"currency" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"fee_micros" bigint NOT NULL,
	"net_micros" bigint NOT NULL,
	"charge_micro_percent" bigint NOT NULL,
	"coin_units" bigint NOT NULL,
	"conversion_rate_micros" bigint NOT NULL,
	"payment_address" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"transaction_hash" text,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_micros" > 0),
	CONSTRAINT "withdrawals_split" CHECK ("withdrawals"."fee_micros" >= 0 and "withdrawals"."net_micros" > 0 and "withdrawals"."fee_micros" + "withdrawals"."net_micros" = "withdrawals"."amount_micros"),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('Pending', 'Completed', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_method_id_deposit_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."deposit_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_screenshot_file_id_files_id_fk" FOREIGN KEY ("screenshot_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method_id_withdraw_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."withdraw_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_screenshot_key" ON "deposits" USING btree ("screenshot_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_transaction_id_key" ON "deposits" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_name_key" ON "files" USING btree ("storage_name");--> statement-breakpoint
CREATE INDEX "files_unclaimed_idx" ON "files" USING btree ("created_at") WHERE "files"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "files_uploader_ip_idx" ON "files" USING btree ("uploader_ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reference_key" ON "journal_entries" USING btree ("reference_type","reference_id","kind");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "transfers_sender_idx" ON "transfers" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_receiver_idx" ON "transfers" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");