ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_user_balance_non_negative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "currency" text DEFAULT 'USDT' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "currency" text DEFAULT 'USDT' NOT NULL;--> statement-breakpoint
ALTER TABLE "postings" ADD COLUMN "currency" text DEFAULT 'USDT' NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "account" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_id_currency_key" ON "journal_entries" USING btree ("id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_practice_key" ON "ledger_accounts" USING btree ("user_id") WHERE "ledger_accounts"."kind" = 'user_practice';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_id_currency_key" ON "ledger_accounts" USING btree ("id","currency");--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_currency_fk" FOREIGN KEY ("entry_id","currency") REFERENCES "public"."journal_entries"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_currency_fk" FOREIGN KEY ("account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_check" CHECK ("ledger_accounts"."currency" = case when "ledger_accounts"."kind" in ('user_practice', 'practice_house', 'practice_faucet') then 'PRACTICE' else 'USDT' end);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_balance_non_negative" CHECK ("ledger_accounts"."kind" not in ('user_wallet', 'user_practice') or ("ledger_accounts"."balance_micros" >= 0 and "ledger_accounts"."held_micros" >= 0 and "ledger_accounts"."held_micros" <= "ledger_accounts"."balance_micros"));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" in ('user_wallet', 'user_practice')) = ("ledger_accounts"."user_id" is not null));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_account_check" CHECK ("trades"."account" in ('real', 'practice'));--> statement-breakpoint
-- Practice money can never move to or from USDT: each posting names its currency, which
-- must be its account's and its entry's (the two foreign keys above), so every entry keeps
-- to one currency whatever the code that writes it.
-- Backfill: every user with a wallet gets a practice account and the starting practice
-- balance (10,000 practice USDT) from the practice faucet, as a journal entry like sign-up
-- makes. The faucet's first shard is made here; the app makes the other shards at start.
INSERT INTO ledger_accounts (kind, currency, shard) VALUES ('practice_faucet', 'PRACTICE', 0)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO ledger_accounts (kind, currency, user_id)
  SELECT 'user_practice', 'PRACTICE', w.user_id FROM ledger_accounts w WHERE w.kind = 'user_wallet'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
WITH grants AS (
  INSERT INTO journal_entries (kind, reference_type, reference_id, memo, currency)
  SELECT 'practice_grant', 'user', a.user_id::text, 'Starting practice balance', 'PRACTICE'
    FROM ledger_accounts a WHERE a.kind = 'user_practice'
  ON CONFLICT DO NOTHING
  RETURNING id, reference_id)
INSERT INTO postings (entry_id, account_id, amount_micros, currency)
  SELECT g.id, v.account_id, v.amount, 'PRACTICE'
    FROM grants g
    JOIN ledger_accounts a ON a.kind = 'user_practice' AND a.user_id::text = g.reference_id
    CROSS JOIN LATERAL (VALUES
      (a.id, 10000000000::bigint),
      ((SELECT f.id FROM ledger_accounts f
         WHERE f.kind = 'practice_faucet' AND f.user_id IS NULL AND f.shard = 0), -10000000000::bigint))
      AS v(account_id, amount);
--> statement-breakpoint
UPDATE ledger_accounts a SET balance_micros = p.total
  FROM (SELECT account_id, sum(amount_micros) AS total FROM postings GROUP BY account_id) p
  WHERE p.account_id = a.id AND a.currency = 'PRACTICE';
