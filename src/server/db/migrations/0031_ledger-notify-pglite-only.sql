-- NOTIFY serialises the commits of the transactions that send it (PostgreSQL takes a lock for
-- the whole cluster until they commit), so the ledger's frequent transactions notify only where
-- that costs nothing: a change of a staking account always (the derived member level counts
-- it), any other account only in a session that asked with bcnt.notify_balances = 'on' (the
-- API on PGlite, one process on one connection, where WalletInfo is cached).
CREATE OR REPLACE FUNCTION notify_ledger_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed ledger_accounts;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD;
  ELSE
    changed := NEW;
  END IF;
  IF changed.member_id IS NOT NULL AND (
    changed.kind = 'staking' OR current_setting('bcnt.notify_balances', true) = 'on'
  ) THEN
    PERFORM pg_notify('member_changed', changed.member_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER ledger_accounts_notify ON "ledger_accounts";
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_notify AFTER INSERT OR UPDATE OR DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION notify_ledger_account_changed();
