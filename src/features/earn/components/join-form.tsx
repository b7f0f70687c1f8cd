import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Notice } from '../../../components/load-states';
import { RiskAcknowledgement } from '../../../components/risk-acknowledgement';
import { TextField } from '../../../components/text-field';
import { VisuallyHidden } from '../../../components/visually-hidden';
import type { IdempotentAction } from '../../../hooks/use-idempotent-action';
import { useSuitability } from '../../../hooks/use-suitability';
import type {
  EarnCheckJoin,
  EarnJoinBody,
  EarnProductDetail,
  EarnSubscription,
} from '../../../shared/api/earn';
import { isProKind, isRateKind, type EarnConsent } from '../../../shared/constants/earn';
import { amountUnits, formatEarnUnits, formatUtc8Date, joinAmount } from '../utils/amounts';
import { paths } from '../../../lib/paths';
import { localized } from '../utils/products';
import styles from './earn.module.css';

/** What the member entered; kept by the panel so a reopened dialog shows the same join. */
export interface JoinDraft {
  /** digits only */
  units: string;
  consents: readonly EarnConsent[];
  autoRenew: boolean;
  /** the risk acknowledgement (a product above the member's risk type, or no questionnaire) */
  riskAcknowledged: boolean;
  /** the units field was left: its error shows from then on */
  unitsTouched: boolean;
  /** Confirm was pressed: every error shows */
  submitted: boolean;
}

export const EMPTY_JOIN_DRAFT: JoinDraft = {
  units: '',
  consents: [],
  autoRenew: true, // the spec: auto-renew is on by default
  riskAcknowledged: false,
  unitsTouched: false,
  submitted: false,
};

/** A join that went through: what the success screen says. */
export interface Joined {
  subscription: EarnSubscription;
  units: number;
  amount: bigint;
  addMore: boolean;
}

/** At most this many digits of units (the contract's ceiling is 1,000,000). */
const UNITS_PATTERN = /^\d{0,7}$/;

type UnitsProblem = 'format' | 'min' | 'max';

function unitsProblem(units: number | null, check: EarnCheckJoin): UnitsProblem | null {
  if (units === null || units <= 0) return 'format';
  if (units < check.minUnits) return 'min';
  if (units > check.maxUnits) return 'max';
  return null;
}

/**
 * The join form: units (CheckJoin's min and max, a Max button), the amount (units x perUnit)
 * against the available balance, every consent the product asks for, auto-renew where the
 * member chooses it (Stable Income that renews; Pro renews by default), then Confirm: POST Join
 * through the panel's idempotent action. A change of any value is another join (a new key);
 * Confirm after a failure, unchanged, retries the same join with the same key. Errors show once
 * the field is left or Confirm is pressed; a refusal of the server shows translated.
 */
export function JoinForm({
  product,
  check,
  draft,
  onDraftChange,
  join,
  onJoined,
  onCancel,
}: {
  product: EarnProductDetail;
  check: EarnCheckJoin;
  draft: JoinDraft;
  onDraftChange: (draft: JoinDraft) => void;
  join: IdempotentAction<EarnJoinBody, EarnSubscription>;
  onJoined: (joined: Joined) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('earn');
  const consentsId = useId();
  const { currency } = check;
  const units = draft.units === '' ? null : Number(draft.units);
  const problem = unitsProblem(units, check);
  const amount = units !== null && units > 0 ? joinAmount(units, check.perUnit, currency) : null;
  const available = amountUnits(check.available, currency);
  const shortOfBalance = amount !== null && available !== null && amount > available;
  const missing = check.consents.filter((consent) => !draft.consents.includes(consent));
  const suitability = useSuitability('earn', product.id);
  const needsAcknowledgement = suitability.needsAcknowledgement;
  const unacknowledged = needsAcknowledgement && !draft.riskAcknowledged;
  const offerAutoRenew =
    isRateKind(product.kind) && !isProKind(product.kind) && product.renewable && !check.addMore;
  const busy = join.isPending;
  const money = (value: bigint, kind: 'principal' | 'balance') =>
    t('amount', { amount: formatEarnUnits(value, currency, kind), currency });

  /** The member changed the join: another action (a new key; the last outcome goes). */
  function edit(patch: Partial<JoinDraft>) {
    join.newAction();
    onDraftChange({ ...draft, ...patch });
  }

  function toggleConsent(consent: EarnConsent, checked: boolean) {
    const next = checked
      ? [...draft.consents, consent]
      : draft.consents.filter((item) => item !== consent);
    edit({ consents: check.consents.filter((item) => next.includes(item)) });
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    onDraftChange({ ...draft, submitted: true, unitsTouched: true });
    if (problem !== null || units === null || shortOfBalance || missing.length > 0) return;
    if (unacknowledged) return;
    const body: EarnJoinBody = {
      premiumId: product.id,
      units,
      consents: [...draft.consents],
      ...(offerAutoRenew ? { autoRenew: draft.autoRenew } : {}),
      ...(needsAcknowledgement ? { riskAcknowledged: true } : {}),
    };
    join.run(body).then(
      (subscription) =>
        onJoined({ subscription, units, amount: amount ?? 0n, addMore: check.addMore }),
      () => {
        // shown below; Confirm again retries this join with its key
      },
    );
  }

  const unitsError =
    problem !== null && (draft.unitsTouched || draft.submitted || problem === 'max')
      ? t(`join.unitsError.${problem}`, { min: check.minUnits, max: check.maxUnits })
      : undefined;

  return (
    <form className={styles.joinForm} noValidate onSubmit={confirm} data-testid="earn-join-form">
      <div className={styles.unitsRow}>
        <TextField
          label={t('join.units')}
          hint={t('join.unitsHint', {
            min: check.minUnits,
            max: check.maxUnits,
            perUnit: money(amountUnits(check.perUnit, currency) ?? 0n, 'principal'),
          })}
          value={draft.units}
          inputMode="numeric"
          autoComplete="off"
          disabled={busy}
          error={unitsError}
          onChange={(event) => {
            const text = event.target.value.trim();
            if (UNITS_PATTERN.test(text)) edit({ units: text });
          }}
          onBlur={() => onDraftChange({ ...draft, unitsTouched: true })}
          data-testid="earn-join-units"
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={busy || check.maxUnits < 1}
          onClick={() => edit({ units: String(check.maxUnits) })}
          data-testid="earn-join-max"
        >
          {t('join.max')}
        </Button>
      </div>

      <dl className={styles.joinSums}>
        <div>
          <dt>{t('join.amount')}</dt>
          <dd data-testid="earn-join-amount">
            {amount !== null ? money(amount, 'principal') : '-'}
          </dd>
        </div>
        <div>
          <dt>{t('join.available')}</dt>
          <dd data-testid="earn-join-available">
            {available !== null ? money(available, 'balance') : check.available}
          </dd>
        </div>
      </dl>
      {shortOfBalance ? (
        <p className={styles.fieldError} data-testid="earn-join-balance-error">
          {t('join.balanceError')}
        </p>
      ) : null}

      {offerAutoRenew ? (
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={draft.autoRenew}
            disabled={busy}
            onChange={(event) => edit({ autoRenew: event.target.checked })}
            data-testid="earn-join-auto-renew"
          />
          <span>{t('join.autoRenew')}</span>
        </label>
      ) : null}
      {isProKind(product.kind) ? <p className={styles.muted}>{t('join.proRenewNote')}</p> : null}

      <fieldset
        className={styles.consents}
        aria-describedby={draft.submitted && missing.length > 0 ? consentsId : undefined}
      >
        <legend>{t('join.consents')}</legend>
        {check.consents.map((consent) => (
          <label key={consent} className={styles.checkbox}>
            <input
              type="checkbox"
              checked={draft.consents.includes(consent)}
              disabled={busy}
              aria-invalid={draft.submitted && missing.includes(consent) ? true : undefined}
              onChange={(event) => toggleConsent(consent, event.target.checked)}
              data-testid={`earn-consent-${consent}`}
            />
            <span>{t(`consent.${consent}`)}</span>
          </label>
        ))}
        <a
          href={paths.PremiumTermsOfService.getHref({ sn: product.serialNumber })}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.termsLink}
          data-testid="earn-join-terms"
        >
          {t('terms.read')}
          <VisuallyHidden>{` (${t('join.newTab')})`}</VisuallyHidden>
        </a>
        {draft.submitted && missing.length > 0 ? (
          <p id={consentsId} className={styles.fieldError} data-testid="earn-join-consent-error">
            {t('join.consentError')}
          </p>
        ) : null}
      </fieldset>

      {suitability.data ? (
        <RiskAcknowledgement
          suitability={suitability.data}
          checked={draft.riskAcknowledged}
          onCheckedChange={(checked) => edit({ riskAcknowledged: checked })}
          showError={draft.submitted}
          disabled={busy}
          testIdPrefix="earn-risk-ack"
        />
      ) : null}

      {join.state === 'error' ? (
        <p role="alert" className={styles.error} data-testid="earn-join-error">
          {join.errorText ?? t('join.failed')}
        </p>
      ) : null}

      <div className={styles.formActions}>
        <Button
          variant="secondary"
          onClick={onCancel}
          disabled={busy}
          data-testid="earn-join-cancel"
        >
          {t('join.cancel')}
        </Button>
        <Button type="submit" busy={busy} data-testid="earn-join-confirm">
          {t('join.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** After a join: what happened (units, amount) and what comes next (the contract's start). */
export function JoinSuccess({
  product,
  joined,
  onDone,
}: {
  product: EarnProductDetail;
  joined: Joined;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('earn');
  const { currency } = joined.subscription;
  return (
    <div className={styles.success} data-testid="earn-join-success">
      <Notice tone="success">
        <p className={styles.successTitle}>
          {joined.addMore ? t('success.addMoreTitle') : t('success.title')}
        </p>
        <p data-testid="earn-join-success-text">
          {t('success.text', {
            count: joined.units,
            amount: t('amount', {
              amount: formatEarnUnits(joined.amount, currency, 'principal'),
              currency,
            }),
            name: localized(product.name, i18n.language),
          })}
        </p>
      </Notice>
      <p className={styles.lead}>
        {t('success.next', { date: t('time.utc8', { time: formatUtc8Date(product.startAt) }) })}
      </p>
      <Button onClick={onDone} data-testid="earn-join-done">
        {t('success.done')}
      </Button>
    </div>
  );
}
