import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { showProgressBar } from '../../../components/progress-bar-store';
import { formatDateTime } from '../../../lib/date-format';
import type { TwoFactorSettings } from '../../../shared/api/auth';
import { useTwoFactorSettings } from '../../../hooks/use-two-factor-settings';
import { useErrorText } from '../../../hooks/use-error-text';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { TwoStepChange, type TwoStepChangeKind } from './two-step-change';
import { activeLockUntil } from '../utils/withdrawal-lock';
import styles from './two-step.module.css';

/**
 * The two-step verification card: the current method, the withdrawal lock after a change
 * (YYYY/MM/DD HH:mm, UTC+8), and the changes the current method allows. A change runs inline
 * (TwoStepChange) in place of the action buttons.
 */
export function TwoStepSection() {
  const { t } = useTranslation(['security', 'common']);
  const errorText = useErrorText();
  const query = useTwoFactorSettings();
  const [change, setChange] = useState<TwoStepChangeKind | null>(null);

  function done(settings: TwoFactorSettings) {
    setChange(null);
    const lockedUntil = activeLockUntil(settings);
    showProgressBar({
      type: 'success',
      text: lockedUntil
        ? t('security:twoStep.done.locked', { time: formatDateTime(lockedUntil) })
        : t('security:twoStep.done'),
      autoClose: 6000,
    });
  }

  return (
    <SectionCard
      title={t('security:twoStep.title')}
      description={t('security:twoStep.description')}
      data-testid="two-step-card"
    >
      {query.isPending ? (
        <Skeleton lines={3} testId="two-step-loading" />
      ) : query.isError && !query.data ? (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="two-step-load-error"
        />
      ) : query.data ? (
        <TwoStepBody settings={query.data} change={change} onChange={setChange} onDone={done} />
      ) : null}
    </SectionCard>
  );
}

function TwoStepBody({
  settings,
  change,
  onChange,
  onDone,
}: {
  settings: TwoFactorSettings;
  change: TwoStepChangeKind | null;
  onChange: (change: TwoStepChangeKind | null) => void;
  onDone: (settings: TwoFactorSettings) => void;
}) {
  const { t } = useTranslation(['security', 'common']);
  const lockedUntil = activeLockUntil(settings);
  const method = settings.method;

  return (
    <div className={styles.body}>
      <dl className={styles.method}>
        <dt>{t('security:twoStep.current')}</dt>
        <dd data-testid="two-step-method" data-method={method}>
          {method === 'totp'
            ? t('security:twoStep.method.totp')
            : method === 'sms'
              ? t('security:twoStep.method.sms', { mobile: settings.mobile ?? '' })
              : t('security:twoStep.method.none')}
        </dd>
      </dl>

      {lockedUntil ? (
        <Notice tone="warning" testId="withdrawal-lock-notice">
          {t('security:twoStep.lock', { time: formatDateTime(lockedUntil) })}{' '}
          <span className={styles.zone}>({t('common:time.utc8')})</span>
        </Notice>
      ) : null}

      {change ? (
        <TwoStepChange
          key={change}
          change={change}
          settings={settings}
          onDone={onDone}
          onCancel={() => onChange(null)}
        />
      ) : (
        <div className={styles.options}>
          <div className={styles.option}>
            <div className={styles.optionText}>
              <p className={styles.optionTitle}>{t('security:twoStep.option.totp')}</p>
              <p className={styles.optionHint} data-testid="totp-turns-sms-off-note">
                {t('security:twoStep.totpTurnsSmsOff')}
              </p>
            </div>
            <Button
              variant={method === 'none' ? 'primary' : 'secondary'}
              onClick={() => onChange('enable-totp')}
              data-testid="two-step-enable-totp"
            >
              {method === 'totp'
                ? t('security:twoStep.action.resetTotp')
                : method === 'sms'
                  ? t('security:twoStep.action.switchTotp')
                  : t('security:twoStep.action.enableTotp')}
            </Button>
          </div>

          {method !== 'sms' ? (
            <div className={styles.option}>
              <div className={styles.optionText}>
                <p className={styles.optionTitle}>{t('security:twoStep.option.sms')}</p>
                <p className={styles.optionHint}>
                  {settings.mobileVerified
                    ? t('security:twoStep.option.smsHint', { mobile: settings.mobile ?? '' })
                    : t('security:twoStep.option.smsNeedsMobile')}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={!settings.mobileVerified}
                onClick={() => onChange('enable-sms')}
                data-testid="two-step-enable-sms"
              >
                {method === 'totp'
                  ? t('security:twoStep.action.switchSms')
                  : t('security:twoStep.action.enableSms')}
              </Button>
            </div>
          ) : null}

          {method !== 'none' ? (
            <div className={styles.option}>
              <div className={styles.optionText}>
                <p className={styles.optionTitle}>{t('security:twoStep.option.off')}</p>
                <p className={styles.optionHint}>{t('security:twoStep.option.offHint')}</p>
              </div>
              <Button
                variant="danger"
                onClick={() => onChange('disable')}
                data-testid="two-step-disable"
              >
                {t('security:twoStep.action.turnOff')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
