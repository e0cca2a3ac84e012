ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_user_balance_non_negative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "currency" text DEFAULT 'USDT' NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "account" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_practice_key" ON "ledger_accounts" USING btree ("user_id") WHERE "ledger_accounts"."kind" = 'user_practice';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_check" CHECK ("ledger_accounts"."currency" = case when "ledger_accounts"."kind" in ('user_practice', 'practice_house', 'practice_faucet') then 'PRACTICE' else 'USDT' end);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_balance_non_negative" CHECK ("ledger_accounts"."kind" not in ('user_wallet', 'user_practice') or ("ledger_accounts"."balance_micros" >= 0 and "ledger_accounts"."held_micros" >= 0 and "ledger_accounts"."held_micros" <= "ledger_accounts"."balance_micros"));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" in ('user_wallet', 'user_practice')) = ("ledger_accounts"."user_id" is not null));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_account_check" CHECK ("trades"."account" in ('real', 'practice'));--> statement-breakpoint
-- Practice money can never move to or from USDT, and no entry can be unbalanced, whatever
-- the application code does: after every statement that inserts postings, each entry it
-- touched must sum to zero over accounts of one currency. Both posting paths (the ledger's
-- one-statement posting and the set-based settlement) insert an entry's postings in one
-- statement, so checking at the end of the statement sees each entry whole.
CREATE FUNCTION postings_check_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  -- Per entry touched, its postings through the entry index (a lateral look-up keyed by
  -- the entry id: the planner cannot size the transition table, and a join with it scanned
  -- every posting, which made each transfer slower as the table grew).
  SELECT x.entry_id, s.total, s.currencies
    INTO bad
    FROM (SELECT DISTINCT n.entry_id FROM new_postings n) x
    CROSS JOIN LATERAL (
      SELECT sum(p.amount_micros) AS total, count(DISTINCT a.currency) AS currencies
        FROM postings p
        JOIN ledger_accounts a ON a.id = p.account_id
        WHERE p.entry_id = x.entry_id) s
    WHERE s.total <> 0 OR s.currencies <> 1
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: journal entry % sums to % over % currencies', bad.entry_id, bad.total, bad.currencies
      USING ERRCODE = 'check_violation', CONSTRAINT = 'postings_entry_balanced_one_currency';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER postings_entry_balanced_one_currency
  AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION postings_check_entries();
--> statement-breakpoint
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
  INSERT INTO journal_entries (kind, reference_type, reference_id, memo)
  SELECT 'practice_grant', 'user', a.user_id::text, 'Starting practice balance'
    FROM ledger_accounts a WHERE a.kind = 'user_practice'
  ON CONFLICT DO NOTHING
  RETURNING id, reference_id)
INSERT INTO postings (entry_id, account_id, amount_micros)
  SELECT g.id, v.account_id, v.amount
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
