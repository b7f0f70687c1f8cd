import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CodeInput, ResendButton } from '../../../components/code-input';
import { Dialog } from '../../../components/dialog';
import { showProgressBar } from '../../../components/progress-bar-store';
import type { LinkedWallet } from '../../../shared/api/auth';
import { CODE_LENGTH } from '../../../shared/validation/account';
import { shortAddress } from '../../../web3/short-address';
import { useSetTwoFactor } from '../api/use-set-two-factor';
import { useTwoFactorSettings } from '../../../hooks/use-two-factor-settings';
import { useUnlinkWallet } from '../api/use-unlink-wallet';
import { useErrorText } from '../../../hooks/use-error-text';
import { Notice, Skeleton } from '../../../components/load-states';
import styles from './linked-wallets.module.css';

/** Open while `wallet` is set. Unlinking needs the second factor's code (spec). */
export function UnlinkWalletDialog({
  wallet,
  onClose,
}: {
  wallet: LinkedWallet | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('security');
  return (
    <Dialog
      open={wallet !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('wallets.unlinkTitle')}
      description={wallet ? t('wallets.unlinkBody', { address: shortAddress(wallet.address) }) : ''}
      size="sm"
      data-testid="unlink-wallet-dialog"
    >
      {/* Dialog content unmounts while closed: every opening starts with an empty code. */}
      {wallet ? <UnlinkForm wallet={wallet} onClose={onClose} /> : null}
    </Dialog>
  );
}

function UnlinkForm({ wallet, onClose }: { wallet: LinkedWallet; onClose: () => void }) {
  const { t } = useTranslation(['security', 'common']);
  const errorText = useErrorText();
  const settings = useTwoFactorSettings();
  const sendCode = useSetTwoFactor();
  const unlink = useUnlinkWallet();
  const [code, setCode] = useState('');
  const [sms, setSms] = useState<{ sentTo: string; availableAt: number } | null>(null);
  const [error, setError] = useState<string | undefined>();

  async function send() {
    setError(undefined);
    try {
      const result = await sendCode.mutateAsync({ action: 'send-sms' });
      setSms({
        sentTo: result.sms?.sentTo ?? settings.data?.mobile ?? '',
        availableAt: Date.now() + (result.sms?.resendAfter ?? 0) * 1000,
      });
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  async function submit() {
    setError(undefined);
    try {
      await unlink.mutateAsync({ address: wallet.address, code });
      showProgressBar({
        type: 'success',
        text: t('security:wallets.unlinked', { address: shortAddress(wallet.address) }),
        autoClose: 5000,
      });
      onClose();
    } catch (failure) {
      setCode('');
      setError(errorText(failure));
    }
  }

  if (settings.isPending) return <Skeleton lines={2} />;
  const method = settings.data?.method ?? 'none';

  if (method === 'none') {
    return (
      <div className={styles.dialogBody}>
        <Notice tone="warning" testId="unlink-needs-two-step">
          {t('security:wallets.unlinkNeedsTwoStep')}
        </Notice>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('common:button.close')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className={styles.dialogBody}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === CODE_LENGTH && !unlink.isPending) void submit();
      }}
    >
      {method === 'sms' ? (
        <div className={styles.smsRow}>
          {sms ? (
            <>
              <p className={styles.meta}>
                {t('security:twoStep.sms.sentTo', { mobile: sms.sentTo })}
              </p>
              <ResendButton
                availableAt={sms.availableAt}
                onResend={send}
                data-testid="unlink-sms-resend"
              />
            </>
          ) : (
            <Button variant="secondary" onClick={send} data-testid="unlink-sms-send">
              {t('security:twoStep.sms.send', { mobile: settings.data?.mobile ?? '' })}
            </Button>
          )}
        </div>
      ) : null}
      {method === 'totp' || sms ? (
        <CodeInput
          value={code}
          onChange={setCode}
          label={
            method === 'totp'
              ? t('security:twoStep.verify.totpLabel')
              : t('security:twoStep.verify.smsLabel')
          }
          autoFocus
          error={error}
          data-testid="unlink-code"
        />
      ) : error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.dialogActions}>
        <Button variant="ghost" onClick={onClose} disabled={unlink.isPending}>
          {t('common:button.cancel')}
        </Button>
        <Button
          type="submit"
          variant="danger"
          disabled={code.length !== CODE_LENGTH}
          busy={unlink.isPending}
          data-testid="unlink-submit"
        >
          {t('security:wallets.unlink')}
        </Button>
      </div>
    </form>
  );
}
