import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { SectionCard } from '../../../components/section-card';
import styles from './next-steps-card.module.css';

/** Where the Account page leads (the app passes them from its route table). */
export interface AccountLinks {
  kyc: string;
  wallet: string;
  /** Security, tab two-step. */
  security: string;
  loyaltyProgram: string;
  bcnt: string;
}

type Destination = 'security' | 'loyaltyProgram' | 'bcnt' | 'wallet';

/**
 * The Account page as the member's starting point. Before identity verification the user menu
 * holds only Account (spec section 2), so this card leads everywhere the member may go:
 * identity verification first and prominently (it unlocks the wallet and the products), then
 * Security (two-step verification, devices and activity protect the account before any money
 * arrives), the loyalty program and the BCNT page. Verified members get the same places, with
 * the wallet instead of the verification step. Unknown standing (still loading, or failed):
 * the places open to everyone, without a verdict on verification.
 */
export function NextStepsCard({
  links,
  kycVerified,
}: {
  links: AccountLinks;
  kycVerified: boolean | undefined;
}) {
  const { t } = useTranslation('account');
  const places: Destination[] =
    kycVerified === true
      ? ['wallet', 'security', 'loyaltyProgram', 'bcnt']
      : ['security', 'loyaltyProgram', 'bcnt'];

  return (
    <SectionCard
      title={kycVerified === false ? t('next.title.unverified') : t('next.title.verified')}
      data-testid="account-next-steps"
      data-state={kycVerified === undefined ? 'unknown' : kycVerified ? 'verified' : 'unverified'}
    >
      {kycVerified === false ? (
        <div className={styles.verify} data-testid="account-next-verify">
          <div>
            <p className={styles.verifyTitle}>{t('next.verify.title')}</p>
            <p className={styles.verifyBody}>{t('next.verify.body')}</p>
          </div>
          <ButtonLink to={links.kyc} size="lg" data-testid="account-next-verify-link">
            {t('next.verify.button')}
          </ButtonLink>
        </div>
      ) : null}
      <ul className={styles.places}>
        {places.map((place) => (
          <li key={place}>
            <Link to={links[place]} className={styles.place} data-testid={`account-next-${place}`}>
              <span className={styles.placeTitle}>{t(`next.${place}.title`)}</span>
              <span className={styles.placeBody}>{t(`next.${place}.body`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
