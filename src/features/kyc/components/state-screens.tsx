import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/date-format';
import { KYC_ITEMS, type KycItem, type KycStatus } from '../../../shared/api/kyc';
import { paths } from '../../../lib/paths';
import styles from './kyc.module.css';

type Tone = 'info' | 'positive' | 'warning' | 'danger';

const ICON: Record<Tone, string> = { info: 'i', positive: '✓', warning: '!', danger: '×' };

/** A state's card: icon, title, text and whatever the state offers. */
export function StateCard({
  tone,
  title,
  children,
  testId,
}: {
  tone: Tone;
  title: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <SectionCard data-testid={testId}>
      <div className={styles.state}>
        <span className={`${styles.stateIcon} ${styles[`tone-${tone}`]}`} aria-hidden="true">
          {ICON[tone]}
        </span>
        <div className={styles.stateBody}>
          <h2 className={styles.cardTitle}>{title}</h2>
          {children}
        </div>
      </div>
    </SectionCard>
  );
}

/** Submitted / resubmitted / review started / decided dates (YYYY/MM/DD, UTC+8). */
function Dates({ status }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  const rows: [string, string | null][] = [
    [t('dates.submitted'), status.submittedAt],
    [t('dates.reviewStarted'), status.reviewStartedAt],
    [t('dates.decided'), status.decidedAt],
  ];
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  if (shown.length === 0) return null;
  return (
    <dl className={styles.facts}>
      {shown.map(([label, value]) => (
        <div key={label} className={styles.factRow}>
          <dt>{label}</dt>
          <dd>{formatDate(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The reviewer's note to the member (rejected, insufficient, failed). */
export function ReviewNote({ note }: { note: string | null }) {
  const { t } = useTranslation('kyc');
  if (!note) return null;
  return (
    <div className={styles.note} data-testid="kyc-review-note">
      <span className={styles.noteLabel}>{t('note.label')}</span>
      {note}
    </div>
  );
}

/** submitted / resubmitted: received, not reviewed yet; editable until the review starts. */
export function SubmittedScreen({ status, onEdit }: { status: KycStatus; onEdit: () => void }) {
  const { t } = useTranslation('kyc');
  const resubmitted = status.state === 'resubmitted';
  return (
    <StateCard
      tone="info"
      title={resubmitted ? t('state.resubmitted.title') : t('state.submitted.title')}
      testId="kyc-submitted"
    >
      <p className={styles.cardText}>
        {resubmitted ? t('state.resubmitted.body') : t('state.submitted.body')}
      </p>
      <Dates status={status} />
      {status.canEdit ? (
        <>
          <p className={styles.cardText}>{t('state.submitted.editable')}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onEdit} data-testid="kyc-edit">
              {t('action.edit')}
            </Button>
          </div>
        </>
      ) : null}
    </StateCard>
  );
}

/** under_review: about 3 business days; BCNT withdrawals locked; no editing. */
export function UnderReviewScreen({ status }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  return (
    <StateCard tone="warning" title={t('state.under_review.title')} testId="kyc-under-review">
      <p className={styles.cardText}>{t('state.under_review.body')}</p>
      <ul className={styles.list}>
        <li>{t('state.under_review.duration')}</li>
        <li data-testid="kyc-withdrawals-locked">{t('state.under_review.withdrawals')}</li>
        <li>{t('state.under_review.noEdit')}</li>
      </ul>
      <Dates status={status} />
    </StateCard>
  );
}

/** verified: level 1 and what it unlocks. */
export function VerifiedScreen({ status }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  return (
    <StateCard tone="positive" title={t('state.verified.title')} testId="kyc-verified">
      <p className={styles.cardText}>{t('state.verified.body')}</p>
      <ul className={styles.list} data-testid="kyc-unlocks">
        <li>{t('state.verified.unlock.subscribe')}</li>
        <li>{t('state.verified.unlock.wallet')}</li>
        <li>{t('state.verified.unlock.referral')}</li>
        <li>{t('state.verified.unlock.bcnt')}</li>
      </ul>
      <Dates status={status} />
      <div className={styles.actions}>
        <Link className={styles.link} to={paths.Account.getHref()} data-testid="kyc-account-link">
          {t('action.toAccount')}
        </Link>
      </div>
    </StateCard>
  );
}

/** failed: final; contact support (the shell's contact dialog opens on `?type=contact-us`). */
export function FailedScreen({ status }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  return (
    <StateCard tone="danger" title={t('state.failed.title')} testId="kyc-failed">
      <p className={styles.cardText}>{t('state.failed.body')}</p>
      <ReviewNote note={status.reviewNote} />
      <Dates status={status} />
      <div className={styles.actions}>
        <Link
          className={styles.link}
          to={paths.Kyc.getHref(undefined, { type: 'contact-us' })}
          data-testid="kyc-contact-support"
        >
          {t('action.contactSupport')}
        </Link>
      </div>
    </StateCard>
  );
}

/** rejected: the note and the marked items, above the prefilled form. */
export function RejectedNotice({ status }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  const itemLabel = (item: string) =>
    (KYC_ITEMS as readonly string[]).includes(item) ? t(`item.${item as KycItem}`) : item;
  return (
    <StateCard tone="danger" title={t('state.rejected.title')} testId="kyc-rejected">
      <p className={styles.cardText}>{t('state.rejected.body')}</p>
      <ReviewNote note={status.reviewNote} />
      {status.rejectedItems.length > 0 ? (
        <>
          <p className={styles.cardText}>{t('state.rejected.items')}</p>
          <ul className={styles.list} data-testid="kyc-rejected-items">
            {status.rejectedItems.map((item) => (
              <li key={item}>{itemLabel(item)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </StateCard>
  );
}

/** insufficient: the note; the upload of more documents follows. */
export function InsufficientNotice({ status }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  return (
    <StateCard tone="warning" title={t('state.insufficient.title')} testId="kyc-insufficient">
      <p className={styles.cardText}>{t('state.insufficient.body')}</p>
      <ReviewNote note={status.reviewNote} />
    </StateCard>
  );
}
