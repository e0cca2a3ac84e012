CREATE TABLE "user_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_kind_check" CHECK ("user_blocks"."kind" in ('timeout', 'self_exclusion')),
	CONSTRAINT "user_blocks_until_check" CHECK ("user_blocks"."until" > "user_blocks"."started_at")
);
--> statement-breakpoint
CREATE TABLE "user_limits" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value_micros" bigint,
	"has_pending" boolean DEFAULT false NOT NULL,
	"pending_value_micros" bigint,
	"pending_effective_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_limits_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "user_limits_kind_check" CHECK ("user_limits"."kind" in ('loss_day', 'loss_week', 'loss_month', 'stake', 'deposit_day')),
	CONSTRAINT "user_limits_value_check" CHECK ("user_limits"."value_micros" is null or "user_limits"."value_micros" > 0),
	CONSTRAINT "user_limits_pending_check" CHECK ((not "user_limits"."has_pending" and "user_limits"."pending_value_micros" is null and "user_limits"."pending_effective_at" is null)
          or ("user_limits"."has_pending" and "user_limits"."pending_effective_at" is not null
              and ("user_limits"."pending_value_micros" is null or "user_limits"."pending_value_micros" > 0)))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "risk_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_reminder_minutes" integer;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_limits" ADD CONSTRAINT "user_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_blocks_user_until_idx" ON "user_blocks" USING btree ("user_id","until");--> statement-breakpoint
-- A time-out or self-exclusion cannot be ended early by anyone: the database refuses to
-- change or remove a row of user_blocks, whatever the application code does.
CREATE FUNCTION user_blocks_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'user_blocks cannot be changed or ended early: % refused', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_blocks_no_update_or_delete
  BEFORE UPDATE OR DELETE ON user_blocks
  FOR EACH ROW EXECUTE FUNCTION user_blocks_refuse_change();
--> statement-breakpoint
CREATE TRIGGER user_blocks_no_truncate
  BEFORE TRUNCATE ON user_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION user_blocks_refuse_change();
