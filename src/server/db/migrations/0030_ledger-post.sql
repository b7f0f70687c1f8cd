-- One ledger transaction in one call (domain/wallet/ledger.ts postLedgerTransaction): the
-- idempotency key, the accounts (created when missing), the balances and the postings, so a
-- post costs one statement instead of one per step. The rules are those the ledger always had:
-- - a key already posted answers its transaction (was_created false) and moves nothing; when
--   two posts of one key race, the second waits for the first's row locks or key and then
--   answers the first's transaction;
-- - the legs of each currency sum to zero;
-- - missing accounts are created in one fixed order (concurrent first uses agree on one row and
--   wait for each other instead of deadlocking);
-- - the accounts whose balance changes are locked in id order (no deadlocks between posts);
-- - a member account never goes below zero: when one would, nothing is written and the answer
--   names the first such account (short_member, short_currency, short_kind; posted_id null),
--   leaving the caller's transaction usable; the balance update is conditional as well and the
--   CHECK on ledger_accounts backs both.
-- p_postings: a JSON array of legs {"m": member id or null, "c": currency, "k": kind,
-- "a": signed amount as a decimal string}.
CREATE OR REPLACE FUNCTION ledger_post(
  p_key varchar,
  p_type varchar,
  p_member_id integer,
  p_reference varchar,
  p_memo jsonb,
  p_created_at timestamptz,
  p_postings jsonb,
  OUT posted_id bigint,
  OUT was_created boolean,
  OUT short_member integer,
  OUT short_currency varchar,
  OUT short_kind varchar
) LANGUAGE plpgsql AS $$
DECLARE
  v_leg record;
  v_id integer;
  v_ids integer[] := '{}';
  v_members integer[] := '{}';
  v_currencies varchar[] := '{}';
  v_kinds varchar[] := '{}';
  v_change_ids integer[];
  v_deltas numeric[];
  v_updated integer;
BEGIN
  was_created := false;
  SELECT t.id INTO posted_id FROM ledger_transactions t WHERE t.idempotency_key = p_key;
  IF FOUND THEN
    RETURN;
  END IF;

  IF EXISTS (
    SELECT 1 FROM jsonb_to_recordset(p_postings) AS p(c varchar, a numeric)
    GROUP BY p.c HAVING sum(p.a) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger_post %: the legs of a currency do not sum to zero', p_key
      USING ERRCODE = 'check_violation';
  END IF;

  FOR v_leg IN
    SELECT DISTINCT p.m, p.c, p.k
    FROM jsonb_to_recordset(p_postings) AS p(m integer, c varchar, k varchar)
    ORDER BY p.m NULLS FIRST, p.c, p.k
  LOOP
    v_id := NULL;
    FOR attempt IN 1..2 LOOP
      IF v_leg.m IS NULL THEN
        SELECT a.id INTO v_id FROM ledger_accounts a
        WHERE a.member_id IS NULL AND a.currency = v_leg.c AND a.kind = v_leg.k;
      ELSE
        SELECT a.id INTO v_id FROM ledger_accounts a
        WHERE a.member_id = v_leg.m AND a.currency = v_leg.c AND a.kind = v_leg.k;
      END IF;
      EXIT WHEN v_id IS NOT NULL OR attempt = 2;
      -- missing: create it (a concurrent creator's row wins; the second lookup finds it)
      INSERT INTO ledger_accounts (member_id, currency, kind, created_at)
      VALUES (v_leg.m, v_leg.c, v_leg.k, p_created_at)
      ON CONFLICT DO NOTHING
      RETURNING id INTO v_id;
      EXIT WHEN v_id IS NOT NULL;
    END LOOP;
    IF v_id IS NULL THEN
      RAISE EXCEPTION 'ledger_post %: account % % % not resolved', p_key, v_leg.m, v_leg.c, v_leg.k;
    END IF;
    v_ids := v_ids || v_id;
    v_members := v_members || v_leg.m;
    v_currencies := v_currencies || v_leg.c;
    v_kinds := v_kinds || v_leg.k;
  END LOOP;

  -- one balance change per account (legs of one account add up; a net zero changes nothing)
  SELECT array_agg(d.id ORDER BY d.id), array_agg(d.delta ORDER BY d.id)
  INTO v_change_ids, v_deltas
  FROM (
    SELECT x.id, sum(p.a) AS delta
    FROM jsonb_to_recordset(p_postings) AS p(m integer, c varchar, k varchar, a numeric)
    JOIN unnest(v_ids, v_members, v_currencies, v_kinds) AS x(id, m, c, k)
      ON x.m IS NOT DISTINCT FROM p.m AND x.c = p.c AND x.k = p.k
    GROUP BY x.id
    HAVING sum(p.a) <> 0
  ) d;

  IF v_change_ids IS NOT NULL THEN
    PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (v_change_ids) ORDER BY a.id FOR UPDATE;

    SELECT a.member_id, a.currency, a.kind INTO short_member, short_currency, short_kind
    FROM ledger_accounts a
    JOIN unnest(v_change_ids, v_deltas) AS d(id, delta) ON d.id = a.id
    WHERE a.member_id IS NOT NULL AND a.balance + d.delta < 0
    ORDER BY a.id
    LIMIT 1;
    IF FOUND THEN
      -- a concurrent post of this key may have committed while this one waited for the locks
      SELECT t.id INTO posted_id FROM ledger_transactions t WHERE t.idempotency_key = p_key;
      IF FOUND THEN
        short_member := NULL;
        short_currency := NULL;
        short_kind := NULL;
      END IF;
      RETURN;
    END IF;
  END IF;

  INSERT INTO ledger_transactions (idempotency_key, type, member_id, reference, memo, created_at)
  VALUES (p_key, p_type, p_member_id, p_reference, p_memo, p_created_at)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO posted_id;
  IF posted_id IS NULL THEN
    SELECT t.id INTO posted_id FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger_post %: idempotency key vanished', p_key;
    END IF;
    RETURN;
  END IF;
  was_created := true;

  IF v_change_ids IS NOT NULL THEN
    UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM unnest(v_change_ids, v_deltas) AS d(id, delta)
    WHERE a.id = d.id AND (a.member_id IS NULL OR a.balance + d.delta >= 0);
    GET DIAGNOSTICS v_updated = ROW_COUNT;
    IF v_updated <> cardinality(v_change_ids) THEN
      RAISE EXCEPTION 'ledger_post %: a locked balance changed under its lock', p_key;
    END IF;
  END IF;

  INSERT INTO ledger_postings (transaction_id, account_id, currency, amount, created_at)
  SELECT posted_id, x.id, p.c, p.a, p_created_at
  FROM ROWS FROM (
    jsonb_to_recordset(p_postings) AS (m integer, c varchar, k varchar, a numeric)
  ) WITH ORDINALITY AS p(m, c, k, a, n)
  JOIN unnest(v_ids, v_members, v_currencies, v_kinds) AS x(id, m, c, k)
    ON x.m IS NOT DISTINCT FROM p.m AND x.c = p.c AND x.k = p.k
  ORDER BY p.n;
END;
$$;
