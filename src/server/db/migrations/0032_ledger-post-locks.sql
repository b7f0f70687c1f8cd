-- ledger_post (0030) with the accounts' locks taken by a statement of their own. The locking
-- subquery inside the short-balance check could be cut short by the planner (the check's
-- conditions pushed into it, its LIMIT 1), so a post could reach its balance update holding
-- only some of its accounts' locks and deadlock with a concurrent post (seen on PostgreSQL under
-- the ledger property test's concurrent movements). Everything else is unchanged.
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
  -- the accounts the legs name, in one fixed order (member id, platform first; currency; kind)
  v_ids integer[];
  v_members integer[];
  v_currencies varchar[];
  v_kinds varchar[];
  -- the net change of each of those accounts
  v_deltas numeric[];
  v_balanced boolean;
  v_missing integer;
  v_updated integer;
BEGIN
  was_created := false;
  FOR attempt IN 1..2 LOOP
    SELECT
      array_agg(l.id ORDER BY l.m NULLS FIRST, l.c, l.k),
      array_agg(l.m ORDER BY l.m NULLS FIRST, l.c, l.k),
      array_agg(l.c ORDER BY l.m NULLS FIRST, l.c, l.k),
      array_agg(l.k ORDER BY l.m NULLS FIRST, l.c, l.k),
      array_agg(l.delta ORDER BY l.m NULLS FIRST, l.c, l.k),
      bool_and(l.currency_sum = 0),
      count(*) FILTER (WHERE l.id IS NULL)
    INTO v_ids, v_members, v_currencies, v_kinds, v_deltas, v_balanced, v_missing
    FROM (
      SELECT g.m, g.c, g.k, g.delta, sum(g.delta) OVER (PARTITION BY g.c) AS currency_sum,
        CASE WHEN g.m IS NULL THEN
          (SELECT a.id FROM ledger_accounts a
           WHERE a.member_id IS NULL AND a.currency = g.c AND a.kind = g.k)
        ELSE
          (SELECT a.id FROM ledger_accounts a
           WHERE a.member_id = g.m AND a.currency = g.c AND a.kind = g.k)
        END AS id
      FROM (
        SELECT p.m, p.c, p.k, sum(p.a) AS delta
        FROM jsonb_to_recordset(p_postings) AS p(m integer, c varchar, k varchar, a numeric)
        GROUP BY p.m, p.c, p.k
      ) g
    ) l;

    IF NOT v_balanced THEN
      RAISE EXCEPTION 'ledger_post %: the legs of a currency do not sum to zero', p_key
        USING ERRCODE = 'check_violation';
    END IF;
    EXIT WHEN v_missing = 0;
    IF attempt = 2 THEN
      RAISE EXCEPTION 'ledger_post %: % accounts not resolved', p_key, v_missing;
    END IF;
    -- a key posted before moves nothing, and creates nothing either
    SELECT t.id INTO posted_id FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    IF FOUND THEN
      RETURN;
    END IF;
    -- missing accounts, created in the fixed order (a concurrent creator's row wins: the
    -- insert waits for it and the second lookup finds it)
    FOR i IN 1..cardinality(v_ids) LOOP
      IF v_ids[i] IS NULL THEN
        INSERT INTO ledger_accounts (member_id, currency, kind, created_at)
        VALUES (v_members[i], v_currencies[i], v_kinds[i], p_created_at)
        ON CONFLICT DO NOTHING;
      END IF;
    END LOOP;
  END LOOP;

  -- lock every account whose balance changes, in id order, in a statement of its own: inside
  -- one query with the check below, PostgreSQL may push the check's conditions into the locking
  -- scan and stop at the first short account, leaving accounts unlocked until the update takes
  -- them in another order (a deadlock, seen with concurrent posts on PostgreSQL)
  PERFORM 1
  FROM ledger_accounts a
  WHERE a.id IN (SELECT d.id FROM unnest(v_ids, v_deltas) AS d(id, delta) WHERE d.delta <> 0)
  ORDER BY a.id
  FOR UPDATE;
  -- the first member account that would go below zero, if any (this statement's snapshot sees
  -- the rows as they are once locked)
  SELECT a.member_id, a.currency, a.kind INTO short_member, short_currency, short_kind
  FROM ledger_accounts a
  JOIN unnest(v_ids, v_deltas) AS d(id, delta) ON d.id = a.id
  WHERE d.delta <> 0 AND a.member_id IS NOT NULL AND a.balance + d.delta < 0
  ORDER BY a.id
  LIMIT 1;
  IF FOUND THEN
    -- the key may have been posted (and committed) while this post waited for the locks
    SELECT t.id INTO posted_id FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    IF FOUND THEN
      short_member := NULL;
      short_currency := NULL;
      short_kind := NULL;
    END IF;
    RETURN;
  END IF;

  -- the transaction, the balances and the legs (in the order given), unless the key exists
  WITH t AS (
    INSERT INTO ledger_transactions (idempotency_key, type, member_id, reference, memo, created_at)
    VALUES (p_key, p_type, p_member_id, p_reference, p_memo, p_created_at)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id
  ),
  u AS (
    UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM unnest(v_ids, v_deltas) AS d(id, delta)
    WHERE a.id = d.id AND d.delta <> 0 AND EXISTS (SELECT 1 FROM t)
      AND (a.member_id IS NULL OR a.balance + d.delta >= 0)
    RETURNING a.id
  ),
  p AS (
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount, created_at)
    SELECT t.id, x.id, p.c, p.a, p_created_at
    FROM t
    CROSS JOIN ROWS FROM (
      jsonb_to_recordset(p_postings) AS (m integer, c varchar, k varchar, a numeric)
    ) WITH ORDINALITY AS p(m, c, k, a, n)
    JOIN unnest(v_ids, v_members, v_currencies, v_kinds) AS x(id, m, c, k)
      ON x.m IS NOT DISTINCT FROM p.m AND x.c = p.c AND x.k = p.k
    ORDER BY p.n
    RETURNING 1
  )
  SELECT (SELECT t.id FROM t), (SELECT count(*) FROM u) + 0 * (SELECT count(*) FROM p)
  INTO posted_id, v_updated;

  IF posted_id IS NULL THEN
    SELECT t.id INTO posted_id FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger_post %: idempotency key vanished', p_key;
    END IF;
    RETURN;
  END IF;
  IF v_updated <> (SELECT count(*) FROM unnest(v_deltas) AS d(delta) WHERE d.delta <> 0) THEN
    RAISE EXCEPTION 'ledger_post %: a locked balance changed under its lock', p_key;
  END IF;
  was_created := true;
END;
$$;
