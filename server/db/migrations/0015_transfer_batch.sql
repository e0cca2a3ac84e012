-- Posts a batch of transfers in one statement (server/modules/wallet/transfer-batch.ts).
-- Arrays are in request order, one element per transfer. Claims the idempotency keys in
-- (user, key) order, locks the parties' user rows (key share) and then every touched account
-- in id order, then decides each transfer
-- IN ORDER against running available balances: a transfer that would overdraw is refused
-- alone, and two from one wallet cannot overdraw it together. Returns one outcome per
-- transfer, comma-separated: posted, replay (key stored before, or by an earlier transfer of
-- this batch), insufficient, missing_account. The wallet CHECK constraint stays as backup.
CREATE FUNCTION post_transfer_batch(
  p_route text, p_status integer, p_mail_kind text,
  p_user_ids uuid[], p_keys text[], p_request_hashes text[], p_answers text[],
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
BEGIN
  IF n = 0 THEN RETURN ''; END IF;
  -- The keys, each once with its first request, in (user, key) order.
  WITH ins AS (
    INSERT INTO idempotency_keys (user_id, key, route, request_hash, status_code, response_body)
    SELECT DISTINCT ON (t.u, t.k) t.u, t.k, p_route, t.h, p_status, t.a
    FROM unnest(p_user_ids, p_keys, p_request_hashes, p_answers) WITH ORDINALITY AS t(u, k, h, a, i)
    ORDER BY t.u, t.k, t.i
    ON CONFLICT DO NOTHING RETURNING user_id, key)
  SELECT coalesce(array_agg(ins.user_id::text || ' ' || ins.key), ARRAY[]::text[])
    INTO claimed FROM ins;
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

  INSERT INTO transfers (id, sender_id, receiver_id, sender_pay_id, receiver_pay_id,
    sender_username, receiver_username, amount_micros, fee_micros, net_micros, created_at)
  SELECT t.id, t.sid, t.rid, t.spay, t.rpay, t.sname, t.rname, t.amt, t.fee, t.net, t.at
  FROM unnest(p_transfer_ids, p_sender_ids, p_receiver_ids, p_sender_pay_ids, p_receiver_pay_ids,
    p_sender_usernames, p_receiver_usernames, p_amounts, p_fees, p_nets, p_created_ats)
    WITH ORDINALITY AS t(id, sid, rid, spay, rpay, sname, rname, amt, fee, net, at, i)
  WHERE outcomes[t.i] = 'posted'
  ORDER BY t.i;

  UPDATE ledger_accounts a SET balance_micros = a.balance_micros + d.delta
  FROM unnest(acc_ids, acc_delta) AS d(id, delta)
  WHERE a.id = d.id AND d.delta <> 0;

  WITH entry AS (
    INSERT INTO journal_entries (kind, reference_type, reference_id, memo)
    SELECT 'transfer', 'transfer', t.ref, NULL
    FROM unnest(p_reference_ids) WITH ORDINALITY AS t(ref, i)
    WHERE outcomes[t.i] = 'posted'
    ORDER BY t.i
    RETURNING id, reference_id)
  INSERT INTO postings (entry_id, account_id, amount_micros)
  SELECT entry.id, p.account, p.amount
  FROM entry
  JOIN unnest(p_reference_ids, p_sender_wallets, p_receiver_wallets, p_fee_accounts,
    p_amounts, p_nets, p_fees) AS t(ref, sw, rw, fa, amt, net, fee) ON t.ref = entry.reference_id
  CROSS JOIN LATERAL (VALUES (1, t.sw, -t.amt), (2, t.rw, t.net), (3, t.fa, t.fee))
    AS p(o, account, amount)
  WHERE p.amount <> 0
  ORDER BY entry.id, p.o;

  INSERT INTO mail_outbox (id, user_id, recipient, language, kind, params, message_id)
  SELECT t.mid, u.id, u.email, u.language, p_mail_kind,
    t.params::jsonb || jsonb_build_object('recipientName', u.full_name), t.msg
  FROM unnest(p_mail_ids, p_receiver_ids, p_mail_params, p_message_ids)
    WITH ORDINALITY AS t(mid, rid, params, msg, i)
  JOIN users u ON u.id = t.rid
  WHERE outcomes[t.i] = 'posted'
  ORDER BY t.i;

  RETURN array_to_string(outcomes, ',');
END;
$$;
