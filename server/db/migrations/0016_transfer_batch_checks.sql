-- The transfer batch checks, in its own statement, every fact each transfer was made from:
-- the server may now make a transfer from facts it read a few seconds earlier (the session,
-- both parties, the rules) instead of reading them for every request. A transfer whose facts
-- no longer hold is refused as `stale`, writes nothing and claims no key; the server then
-- reads them afresh and tries again (server/modules/wallet/transfers.ts).
--
-- The writes of the accepted transfers (transfer rows, balances, entries, postings, mails)
-- are now one statement instead of four: fewer statements per batch, the same rows.
DROP FUNCTION post_transfer_batch(text, integer, text, uuid[], text[], text[], text[], uuid[],
  text[], uuid[], uuid[], text[], text[], text[], text[], bigint[], bigint[], bigint[],
  timestamptz[], uuid[], uuid[], uuid[], uuid[], text[], text[]);
--> statement-breakpoint
-- Arrays are in request order, one element per transfer. Outcomes, comma-separated: posted;
-- replay (key stored before, or by an earlier transfer of this batch); insufficient; stale (a
-- fact changed: the session is gone, expired or disabled, a name or Pay ID changed, the
-- receiver is disabled, the sender's email proof or second factor changed, or the rules
-- changed); missing_account (a bug). Claims the keys in (user, key) order, locks the
-- parties' user rows (key share) and then every touched account in id order, then decides
-- each transfer IN ORDER against running available balances. The wallet CHECK constraint
-- stays as backup.
CREATE FUNCTION post_transfer_batch(
  p_route text, p_status integer, p_mail_kind text, p_now timestamptz,
  p_user_ids uuid[], p_keys text[], p_request_hashes text[], p_answers text[],
  p_token_hashes text[], p_two_factor_off boolean[], p_min_micros bigint[],
  p_charge_micro_percents bigint[],
  p_transfer_ids uuid[], p_reference_ids text[], p_sender_ids uuid[], p_receiver_ids uuid[],
  p_sender_pay_ids text[], p_receiver_pay_ids text[],
  p_sender_usernames text[], p_receiver_usernames text[],
  p_amounts bigint[], p_fees bigint[], p_nets bigint[], p_created_ats timestamptz[],
  p_sender_wallets uuid[], p_receiver_wallets uuid[], p_fee_accounts uuid[],
  p_mail_ids uuid[], p_mail_params text[], p_message_ids text[]
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(p_keys, 1), 0);
  outcomes text[] := array_fill('replay'::text, ARRAY[n]);
  holds boolean[];
  claimed text[];
  used text[] := ARRAY[]::text[];
  acc_ids uuid[];
  acc_avail bigint[];
  acc_delta bigint[];
  duplicates boolean;
  k text;
  s integer;
  r integer;
  f integer;
  written integer;
BEGIN
  IF n = 0 THEN RETURN ''; END IF;
  -- Each transfer's facts, checked; the keys of those that hold, each once with its first
  -- such request, in (user, key) order.
  WITH facts AS (
    SELECT t.i, (
      EXISTS (SELECT 1 FROM sessions se JOIN users u ON u.id = se.user_id
              WHERE se.token_hash = t.tok AND se.user_id = t.sid AND se.expires_at > p_now
                AND se.impersonated_by IS NULL AND se.role = 'user'
                AND u.role = 'user' AND u.disabled_at IS NULL
                AND u.username = t.sname AND u.pay_id = t.spay
                AND u.email_verified_at IS NOT NULL)
      AND EXISTS (SELECT 1 FROM users re
                  WHERE re.id = t.rid AND re.pay_id = t.rpay AND re.username = t.rname
                    AND re.role = 'user' AND re.disabled_at IS NULL)
      AND (NOT t.tfoff OR NOT EXISTS (SELECT 1 FROM user_two_factor tf
                                      WHERE tf.user_id = t.sid AND tf.enabled_at IS NOT NULL))
      AND EXISTS (SELECT 1 FROM site_settings ss
                  WHERE ss.id = 1 AND ss.transfer_min_micros = t.mn
                    AND ss.transfer_charge_micro_percent = t.ch)
    ) AS holds
    FROM unnest(p_token_hashes, p_sender_ids, p_sender_usernames, p_sender_pay_ids,
      p_receiver_ids, p_receiver_pay_ids, p_receiver_usernames, p_two_factor_off,
      p_min_micros, p_charge_micro_percents)
      WITH ORDINALITY AS t(tok, sid, sname, spay, rid, rpay, rname, tfoff, mn, ch, i)
  ), ins AS (
    INSERT INTO idempotency_keys (user_id, key, route, request_hash, status_code, response_body)
    SELECT DISTINCT ON (q.u, q.k) q.u, q.k, p_route, q.h, p_status, q.a
    FROM unnest(p_user_ids, p_keys, p_request_hashes, p_answers) WITH ORDINALITY AS q(u, k, h, a, i)
    JOIN facts ON facts.i = q.i AND facts.holds
    ORDER BY q.u, q.k, q.i
    ON CONFLICT DO NOTHING RETURNING user_id, key)
  SELECT (SELECT array_agg(facts.holds ORDER BY facts.i) FROM facts),
         (SELECT coalesce(array_agg(ins.user_id::text || ' ' || ins.key), ARRAY[]::text[]) FROM ins)
    INTO holds, claimed;
  -- The parties' user rows, as the inserts' foreign keys will lock them, in id order and
  -- BEFORE the accounts: a trade locks its user row, then the wallet; taking them the other
  -- way round (after the accounts) deadlocked with it under the crash suite.
  PERFORM 1 FROM users u
  WHERE u.id IN (SELECT unnest(p_sender_ids) UNION SELECT unnest(p_receiver_ids))
  ORDER BY u.id FOR KEY SHARE;
  duplicates := (SELECT count(DISTINCT (u, kk)) FROM unnest(p_user_ids, p_keys) AS d(u, kk)) < n;

  -- Every account any transfer touches, locked in id order; user wallets' available money.
  SELECT array_agg(l.id), array_agg(l.avail), array_agg(0::bigint)
    INTO acc_ids, acc_avail, acc_delta
  FROM (SELECT a.id,
          CASE WHEN a.kind = 'user_wallet' THEN a.balance_micros - a.held_micros END AS avail
        FROM ledger_accounts a
        WHERE a.id IN (SELECT unnest(p_sender_wallets) UNION SELECT unnest(p_receiver_wallets)
                       UNION SELECT unnest(p_fee_accounts))
        ORDER BY a.id FOR UPDATE) l;
  acc_ids := coalesce(acc_ids, ARRAY[]::uuid[]);

  FOR i IN 1..n LOOP
    IF NOT holds[i] THEN
      outcomes[i] := 'stale';
      CONTINUE;
    END IF;
    k := p_user_ids[i]::text || ' ' || p_keys[i];
    CONTINUE WHEN NOT (k = ANY(claimed)) OR k = ANY(used);
    s := array_position(acc_ids, p_sender_wallets[i]);
    r := array_position(acc_ids, p_receiver_wallets[i]);
    f := CASE WHEN p_fees[i] = 0 THEN 0 ELSE array_position(acc_ids, p_fee_accounts[i]) END;
    IF s IS NULL OR r IS NULL OR f IS NULL THEN
      outcomes[i] := 'missing_account';
      CONTINUE;
    END IF;
    IF acc_avail[s] IS NOT NULL AND acc_avail[s] < p_amounts[i] THEN
      outcomes[i] := 'insufficient';
      CONTINUE;
    END IF;
    acc_avail[s] := acc_avail[s] - p_amounts[i];
    acc_delta[s] := acc_delta[s] - p_amounts[i];
    acc_avail[r] := acc_avail[r] + p_nets[i];
    acc_delta[r] := acc_delta[r] + p_nets[i];
    IF f > 0 THEN
      acc_avail[f] := acc_avail[f] + p_fees[i];
      acc_delta[f] := acc_delta[f] + p_fees[i];
    END IF;
    used := used || k;
    outcomes[i] := 'posted';
  END LOOP;

  -- A key whose first request was refused: stored by the one that was posted, or by none.
  IF duplicates THEN
    UPDATE idempotency_keys ik SET request_hash = t.h, response_body = t.a
    FROM unnest(p_user_ids, p_keys, p_request_hashes, p_answers) WITH ORDINALITY AS t(u, k, h, a, i)
    WHERE outcomes[t.i] = 'posted' AND ik.user_id = t.u AND ik.key = t.k
      AND (ik.request_hash, ik.response_body) IS DISTINCT FROM (t.h, t.a);
  END IF;
  IF cardinality(used) < cardinality(claimed) THEN
    DELETE FROM idempotency_keys ik
    WHERE (ik.user_id::text || ' ' || ik.key) = ANY(claimed)
      AND NOT ((ik.user_id::text || ' ' || ik.key) = ANY(used))
      AND ik.user_id = ANY(p_user_ids) AND ik.key = ANY(p_keys);
  END IF;
  IF cardinality(used) = 0 THEN
    RETURN array_to_string(outcomes, ',');
  END IF;

  -- The accepted transfers' rows, balances, entries, postings and mails: one statement.
  WITH posted AS (
    SELECT t.*
    FROM unnest(p_transfer_ids, p_reference_ids, p_sender_ids, p_receiver_ids,
      p_sender_pay_ids, p_receiver_pay_ids, p_sender_usernames, p_receiver_usernames,
      p_amounts, p_fees, p_nets, p_created_ats, p_sender_wallets, p_receiver_wallets,
      p_fee_accounts, p_mail_ids, p_mail_params, p_message_ids)
      WITH ORDINALITY AS t(id, ref, sid, rid, spay, rpay, sname, rname, amt, fee, net, at,
        sw, rw, fa, mid, params, msg, i)
    WHERE outcomes[t.i] = 'posted'
  ), transfer_rows AS (
    INSERT INTO transfers (id, sender_id, receiver_id, sender_pay_id, receiver_pay_id,
      sender_username, receiver_username, amount_micros, fee_micros, net_micros, created_at)
    SELECT id, sid, rid, spay, rpay, sname, rname, amt, fee, net, at FROM posted ORDER BY i
  ), balances AS (
    UPDATE ledger_accounts a SET balance_micros = a.balance_micros + d.delta
    FROM unnest(acc_ids, acc_delta) AS d(id, delta)
    WHERE a.id = d.id AND d.delta <> 0
  ), entry AS (
    INSERT INTO journal_entries (kind, reference_type, reference_id, memo)
    SELECT 'transfer', 'transfer', ref, NULL FROM posted ORDER BY i
    RETURNING id, reference_id
  ), lines AS (
    INSERT INTO postings (entry_id, account_id, amount_micros)
    SELECT entry.id, p.account, p.amount
    FROM entry
    JOIN posted t ON t.ref = entry.reference_id
    CROSS JOIN LATERAL (VALUES (1, t.sw, -t.amt), (2, t.rw, t.net), (3, t.fa, t.fee))
      AS p(o, account, amount)
    WHERE p.amount <> 0
    ORDER BY entry.id, p.o
  ), mails AS (
    INSERT INTO mail_outbox (id, user_id, recipient, language, kind, params, message_id)
    SELECT t.mid, u.id, u.email, u.language, p_mail_kind,
      t.params::jsonb || jsonb_build_object('recipientName', u.full_name), t.msg
    FROM posted t JOIN users u ON u.id = t.rid
    ORDER BY t.i
  )
  SELECT count(*) INTO written FROM entry;

  RETURN array_to_string(outcomes, ',');
END;
$$;
