import { paths } from '../lib/paths';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ButtonLink } from './button-link';
import { Dialog } from './dialog';
import styles from './kyc-gate-prompt.module.css';

/** The actions the spec blocks until identity verification is complete (section 5). */
export const KYC_GATED_ACTIONS = [
  'topUp',
  'deposit',
  'withdrawal',
  'convert',
  'subscribe',
] as const;
export type KycGatedAction = (typeof KYC_GATED_ACTIONS)[number];

export interface KycGatePromptProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the member tried to do: the message names it. */
  action: KycGatedAction;
  /** Replaces the default title ("Verify your identity first"). */
  title?: ReactNode;
  /** Replaces the default message of `action`. */
  description?: ReactNode;
}

/**
 * "Without completed KYC, top-up, deposit, withdrawal, convert and subscribe are blocked with a
 * KYC prompt" (spec platform-account-wallet section 5, UI brief "KYC gate prompt"): a small
 * dialog that says why, with a primary link to /kyc and a secondary Later that only closes it.
 */
export function KycGatePrompt({
  open,
  onOpenChange,
  action,
  title,
  description,
}: KycGatePromptProps) {
  const { t } = useTranslation('components');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={title ?? t('kycGate.title')}
      description={description ?? t(`kycGate.body.${action}`)}
      data-testid="kyc-gate-prompt"
    >
      <p className={styles.note}>{t('kycGate.note')}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => onOpenChange(false)}
          data-testid="kyc-gate-later"
        >
          {t('kycGate.later')}
        </Button>
        <ButtonLink
          to={paths.Kyc.getHref()}
          onClick={() => onOpenChange(false)}
          data-testid="kyc-gate-verify"
        >
          {t('kycGate.verify')}
        </ButtonLink>
      </div>
    </Dialog>
  );
}
