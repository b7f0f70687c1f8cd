-- Every change of what a member's cached reads show (getMemberInfo, WalletInfo) sends
-- NOTIFY member_changed with the member's id, delivered at commit to every API process
-- LISTENing (domain/auth/member-cache.ts); a change of the chain events (stakes, thresholds)
-- or a TRUNCATE sends '*': every member.
CREATE OR REPLACE FUNCTION notify_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.member_id IS NOT NULL THEN
      PERFORM pg_notify('member_changed', OLD.member_id::text);
    END IF;
    RETURN NULL;
  END IF;
  IF NEW.member_id IS NOT NULL THEN
    PERFORM pg_notify('member_changed', NEW.member_id::text);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.member_id IS DISTINCT FROM NEW.member_id AND OLD.member_id IS NOT NULL THEN
      PERFORM pg_notify('member_changed', OLD.member_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_member_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('member_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('member_changed', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_every_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER members_notify AFTER UPDATE OR DELETE ON "members"
  FOR EACH ROW EXECUTE FUNCTION notify_member_row_changed();
--> statement-breakpoint
CREATE TRIGGER members_notify_truncate AFTER TRUNCATE ON "members"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_member_changed();
--> statement-breakpoint
CREATE TRIGGER kyc_applications_notify AFTER INSERT OR UPDATE OR DELETE ON "kyc_applications"
  FOR EACH ROW EXECUTE FUNCTION notify_member_changed();
--> statement-breakpoint
CREATE TRIGGER kyc_applications_notify_truncate AFTER TRUNCATE ON "kyc_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_member_changed();
--> statement-breakpoint
CREATE TRIGGER premier_applications_notify AFTER INSERT OR UPDATE OR DELETE ON "premier_applications"
  FOR EACH ROW EXECUTE FUNCTION notify_member_changed();
--> statement-breakpoint
CREATE TRIGGER premier_applications_notify_truncate AFTER TRUNCATE ON "premier_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_member_changed();
--> statement-breakpoint
CREATE TRIGGER linked_wallets_notify AFTER INSERT OR UPDATE OR DELETE ON "linked_wallets"
  FOR EACH ROW EXECUTE FUNCTION notify_member_changed();
--> statement-breakpoint
CREATE TRIGGER linked_wallets_notify_truncate AFTER TRUNCATE ON "linked_wallets"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_member_changed();
--> statement-breakpoint
CREATE TRIGGER alliance_registrations_notify AFTER INSERT OR UPDATE OR DELETE ON "alliance_registrations"
  FOR EACH ROW EXECUTE FUNCTION notify_member_changed();
--> statement-breakpoint
CREATE TRIGGER alliance_registrations_notify_truncate AFTER TRUNCATE ON "alliance_registrations"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_member_changed();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_notify AFTER INSERT OR UPDATE OR DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION notify_member_changed();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_notify_truncate AFTER TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_member_changed();
--> statement-breakpoint
CREATE TRIGGER chain_events_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chain_events"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_member_changed();
