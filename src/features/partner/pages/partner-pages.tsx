import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { TextField } from '../../../components/text-field';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { paths } from '../../../lib/paths';
import { PARTNER_RULES, type PartnerReferralInfo } from '../../../shared/api/partner';
import { useCreatePartnerReferral, usePartnerInfo } from '../api/partner-api';
import { codeFromQuery } from '../utils/partner-code';
import styles from '../components/partner.module.css';

/**
 * The partner (Coolbitx) wallet pages (spec products-programs section 2): shown inside the
 * partner's wallet app, so the shell hides the navigation bar and the language switcher
 * (routes `partner: true`). Coolbitx is the partner's landing, Entry the referral program's
 * start, SignUp the registration with the partner code attached, Info the member's record.
 */

function Brand({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('partner');
  return (
    <header className={styles.brand}>
      <p className={styles.partnerName}>{t('brand')}</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
    </header>
  );
}

function ProgramFigures() {
  const { t } = useTranslation('partner');
  return (
    <ul className={styles.figures} data-testid="partner-figures">
      <li className={styles.figure}>
        <span className={styles.figureValue}>{PARTNER_RULES.ratePercent}%</span>
        <span className={styles.figureLabel}>{t('rules.rate')}</span>
      </li>
      <li className={styles.figure}>
        <span className={styles.figureValue}>{PARTNER_RULES.minimumPayoutUsdt} USDT</span>
        <span className={styles.figureLabel}>{t('rules.minimum')}</span>
      </li>
      <li className={styles.figure}>
        <span className={styles.figureValue}>
          {t('rules.daysValue', { days: PARTNER_RULES.processingBusinessDays })}
        </span>
        <span className={styles.figureLabel}>{t('rules.processing')}</span>
      </li>
    </ul>
  );
}

/** /coolbitx: the partner's landing. */
export function CoolbitxPage() {
  const { t } = useTranslation('partner');
  return (
    <div className={styles.page} data-testid="coolbitx-page">
      <Brand title={t('home.title')} text={t('home.text')} />
      <ProgramFigures />
      <div className={styles.actions}>
        <ButtonLink to={paths.CoolbitxReferralEntry.getHref()} data-testid="coolbitx-to-entry">
          {t('home.referral')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** /coolbitx/referral/entry: the program, sign up with a code, or see one's own record. */
export function PartnerEntryPage() {
  const { t } = useTranslation('partner');
  const [query] = useSearchParams();
  const code = codeFromQuery(query);
  const signUp = `${paths.CoolbitxReferralSignUp.getHref()}${code ? `?code=${code}` : ''}`;
  return (
    <div className={styles.page} data-testid="partner-entry-page">
      <Brand title={t('entry.title')} text={t('entry.text')} />
      <ProgramFigures />
      <SectionCard title={t('entry.howTitle')}>
        <ol className={styles.list}>
          <li>{t('entry.step1')}</li>
          <li>{t('entry.step2')}</li>
          <li>{t('entry.step3')}</li>
        </ol>
      </SectionCard>
      <div className={styles.actions}>
        <ButtonLink to={signUp} data-testid="partner-entry-sign-up">
          {t('entry.signUp')}
        </ButtonLink>
        <ButtonLink
          variant="secondary"
          to={paths.CoolbitxReferralInfo.getHref()}
          data-testid="partner-entry-info"
        >
          {t('entry.myReferral')}
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * /coolbitx/referral/sign-up?code=: registration with the partner's code. The app composes the
 * registration itself (`registration`, the auth feature's form in its partner mode and the
 * contact verification: app/screens/partner-sign-up-screen.tsx): the code from the link fills
 * the form's partner code field, a visitor may also type it, and the server records the new
 * account as that partner's referral (or refuses a code no partner has).
 */
export function PartnerSignUpPage({
  registration,
}: {
  registration: (props: { code: string }) => ReactNode;
}) {
  const { t } = useTranslation('partner');
  const [query] = useSearchParams();
  const code = codeFromQuery(query);
  return (
    <div className={styles.page} data-testid="partner-sign-up-page">
      <Brand title={t('signUp.title')} text={t('signUp.text')} />
      <SectionCard>{registration({ code })}</SectionCard>
    </div>
  );
}

/** The end of the partner sign-up: the way to Login, back to the referral page. */
export function PartnerSignUpDone() {
  const { t } = useTranslation('partner');
  return (
    <Notice tone="success">
      <span data-testid="partner-sign-up-done">{t('signUp.done')}</span>{' '}
      <Link
        to={paths.Login.getHref(undefined, { back: 'CoolbitxReferralInfo' })}
        data-testid="partner-sign-up-login"
      >
        {t('signUp.login')}
      </Link>
    </Notice>
  );
}

function AddressForm({ info }: { info: PartnerReferralInfo }) {
  const { t } = useTranslation('partner');
  const create = useCreatePartnerReferral();
  const [address, setAddress] = useState(info.payoutAddress ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(address.trim());
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} data-testid="partner-address-form">
      <TextField
        label={t('info.addressLabel')}
        hint={t('info.addressHint')}
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        maxLength={120}
        autoComplete="off"
        spellCheck={false}
        required
        error={create.isError ? t('info.addressError') : undefined}
        data-testid="partner-address-input"
      />
      <div className={styles.actions}>
        <Button type="submit" busy={create.isPending} data-testid="partner-address-submit">
          {info.joined ? t('info.addressChange') : t('info.join')}
        </Button>
      </div>
    </form>
  );
}

function PartnerRecord({ info }: { info: PartnerReferralInfo }) {
  const { t, i18n } = useTranslation('partner');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <>
      <SectionCard title={t('info.recordTitle')} data-testid="partner-record">
        <ul className={styles.figures}>
          <li className={styles.figure}>
            <span className={styles.figureValue} data-testid="partner-code">
              {info.code}
            </span>
            <span className={styles.figureLabel}>{t('info.code')}</span>
          </li>
          <li className={styles.figure}>
            <span className={styles.figureValue}>{info.ratePercent}%</span>
            <span className={styles.figureLabel}>{t('rules.rate')}</span>
          </li>
          <li className={styles.figure}>
            <span className={styles.figureValue} data-testid="partner-accrued">
              {info.accrued} USDT
            </span>
            <span className={styles.figureLabel}>
              {t('info.accrued', { minimum: info.minimumPayout })}
            </span>
          </li>
          <li className={styles.figure}>
            <span className={styles.figureValue}>{info.paid} USDT</span>
            <span className={styles.figureLabel}>{t('info.paid')}</span>
          </li>
        </ul>
        {info.payoutAddress ? (
          <p className={styles.muted}>
            {t('info.addressCurrent')}{' '}
            <span className={styles.address} data-testid="partner-address">
              {info.payoutAddress}
            </span>
          </p>
        ) : null}
        <p className={styles.muted}>{t('info.share')}</p>
      </SectionCard>
      <SectionCard title={t('info.referredTitle')} data-testid="partner-referred">
        {info.referred.length === 0 ? (
          <p className={styles.muted}>{t('info.referredEmpty')}</p>
        ) : (
          <ul className={styles.list}>
            {info.referred.map((member, index) => (
              <li className={styles.row} key={`${member.joinedAt}-${index}`}>
                <span>{member.nickname}</span>
                <span className={styles.muted}>{date(member.joinedAt)}</span>
                <span>{member.rebate} USDT</span>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <SectionCard title={t('info.payoutsTitle')} data-testid="partner-payouts">
        <p className={styles.muted}>
          {t('info.payoutsRule', {
            minimum: info.minimumPayout,
            days: PARTNER_RULES.processingBusinessDays,
          })}
        </p>
        {info.payouts.length === 0 ? (
          <p className={styles.muted}>{t('info.payoutsEmpty')}</p>
        ) : (
          <ul className={styles.list}>
            {info.payouts.map((payout) => (
              <li className={styles.row} key={payout.id} data-state={payout.state}>
                <span>{payout.amount} USDT</span>
                <span className={styles.muted}>{date(payout.createdAt)}</span>
                <span>{t(`info.state.${payout.state}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </>
  );
}

/** /coolbitx/referral/info: the member's partner record (join with an address first). */
export function PartnerInfoPage() {
  const { t } = useTranslation('partner');
  const loggedIn = useLoggedIn();
  const info = usePartnerInfo({ enabled: loggedIn });

  return (
    <div className={styles.page} data-testid="partner-info-page">
      <Brand title={t('info.title')} text={t('info.text')} />
      {!loggedIn ? (
        <SectionCard title={t('info.visitorTitle')}>
          <p className={styles.text}>{t('info.visitorText')}</p>
          <div className={styles.actions}>
            <ButtonLink to={paths.Login.getHref(undefined, { back: 'CoolbitxReferralInfo' })}>
              {t('info.login')}
            </ButtonLink>
            <ButtonLink variant="secondary" to={paths.CoolbitxReferralSignUp.getHref()}>
              {t('entry.signUp')}
            </ButtonLink>
          </div>
        </SectionCard>
      ) : (
        <>
          {info.isPending ? (
            <Skeleton lines={4} />
          ) : info.isError ? (
            <LoadError message={t('info.loadError')} onRetry={() => info.refetch()} />
          ) : (
            <>
              <SectionCard
                title={info.data.joined ? t('info.addressTitle') : t('info.joinTitle')}
                description={info.data.joined ? undefined : t('info.joinText')}
              >
                <AddressForm info={info.data} />
              </SectionCard>
              <PartnerRecord info={info.data} />
            </>
          )}
        </>
      )}
    </div>
  );
}
