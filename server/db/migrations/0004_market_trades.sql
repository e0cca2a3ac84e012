CREATE TABLE "market_ticks" (
	"symbol" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "market_ticks_symbol_recorded_at_pk" PRIMARY KEY("symbol","recorded_at"),
	CONSTRAINT "market_ticks_price_positive" CHECK ("market_ticks"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"stake_micros" bigint NOT NULL,
	"duration_s" integer NOT NULL,
	"payout_micro_percent" bigint NOT NULL,
	"entry_price" numeric(38, 18) NOT NULL,
	"entry_tick_at" timestamp with time zone NOT NULL,
	"entry_source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"result" text,
	"exit_price" numeric(38, 18),
	"exit_tick_at" timestamp with time zone,
	"exit_source" text,
	"returned_micros" bigint,
	"void_reason" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "trades_stake_positive" CHECK ("trades"."stake_micros" > 0),
	CONSTRAINT "trades_duration_check" CHECK ("trades"."duration_s" in (30, 60, 180, 300)),
	CONSTRAINT "trades_direction_check" CHECK ("trades"."direction" in ('buy', 'sell')),
	CONSTRAINT "trades_status_check" CHECK ("trades"."status" in ('Pending', 'Completed')),
	CONSTRAINT "trades_settled_check" CHECK (("trades"."status" = 'Pending' and "trades"."result" is null and "trades"."settled_at" is null and "trades"."returned_micros" is null)
        or ("trades"."status" = 'Completed' and "trades"."result" is not null and "trades"."settled_at" is not null and "trades"."returned_micros" >= 0))
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "trading_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "trading_blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "trade_min_micros" bigint DEFAULT 10000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "trade_max_micros" bigint DEFAULT 10000000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "payout_30s_micro_percent" bigint DEFAULT 80000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "payout_60s_micro_percent" bigint DEFAULT 82000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "payout_180s_micro_percent" bigint DEFAULT 85000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "payout_300s_micro_percent" bigint DEFAULT 88000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_ticks_recorded_at_idx" ON "market_ticks" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "trades_user_idx" ON "trades" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "trades_due_idx" ON "trades" USING btree ("expires_at") WHERE "trades"."status" = 'Pending';--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_trade_limits_check" CHECK ("site_settings"."trade_min_micros" > 0 and "site_settings"."trade_max_micros" >= "site_settings"."trade_min_micros");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_payouts_check" CHECK ("site_settings"."payout_30s_micro_percent" between 1 and 100000000 and "site_settings"."payout_60s_micro_percent" between 1 and 100000000 and "site_settings"."payout_180s_micro_percent" between 1 and 100000000 and "site_settings"."payout_300s_micro_percent" between 1 and 100000000);