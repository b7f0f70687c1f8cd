import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { Dialog } from '../../../components/dialog';
import { useNavBarHighlight } from '../../../components/nav-highlight';
import { VisuallyHidden } from '../../../components/visually-hidden';
import styles from './onboarding-tour.module.css';

/**
 * The onboarding tour (spec platform-account-wallet section 2, products-programs section 4):
 * steps 0 to 3 in one focus-trapped dialog. Previous is disabled at step 0; steps 0 to 2 show
 * the dots and Next; step 3 shows Done and highlights the navigation bar. Done, the close
 * button, Esc and a click outside all close it (`onClose`).
 */

const STEPS = [0, 1, 2, 3] as const;
type Step = (typeof STEPS)[number];
const LAST_STEP: Step = 3;

export interface OnboardingTourProps {
  /** Step 1's Verify button (a link opening in a new tab); omitted: no button. */
  verify?: { href: string; onClick: () => void };
  onClose: () => void;
}

export function OnboardingTour({ verify, onClose }: OnboardingTourProps) {
  const { t } = useTranslation('onboarding');
  const { t: tc } = useTranslation('common');
  const [step, setStep] = useState<Step>(0);
  const isLast = step === LAST_STEP;
  useNavBarHighlight(isLast);

  // Next turns into Done and Previous becomes disabled at step 0: when the pressed button is
  // gone or disabled, focus moves to the step's main action instead of falling to the page.
  const mainAction = useRef<HTMLButtonElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const active = document.activeElement;
    const usable =
      active instanceof HTMLElement &&
      active !== document.body &&
      active.isConnected &&
      !(active instanceof HTMLButtonElement && active.disabled);
    if (!usable) mainAction.current?.focus();
  }, [step]);

  const goTo = (next: number) => setStep(Math.min(LAST_STEP, Math.max(0, next)) as Step);
  const stepOf = (index: number) => t('tour.stepOf', { step: index + 1, count: STEPS.length });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t(`step${step}.title`)}
      description={t(`step${step}.body`)}
      closeTestId="onboarding-close"
    >
      <div className={styles.tour} data-testid="onboarding" data-step={step}>
        {step === 1 && verify ? (
          <div className={styles.verify}>
            <ButtonLink
              to={verify.href}
              newTab
              onClick={verify.onClick}
              data-testid="onboarding-verify"
            >
              {t('step1.verify')}
            </ButtonLink>
            <p className={styles.hint}>{t('step1.verifyHint')}</p>
          </div>
        ) : null}

        <div className={styles.footer}>
          <Button
            variant="secondary"
            disabled={step === 0}
            onClick={() => goTo(step - 1)}
            data-testid="onboarding-prev"
          >
            {tc('button.previous')}
          </Button>

          {!isLast ? (
            <ol className={styles.dots} aria-label={t('tour.progress')}>
              {STEPS.map((index) => (
                <li
                  key={index}
                  className={styles.dot}
                  aria-current={index === step ? 'step' : undefined}
                  data-active={index === step ? 'true' : 'false'}
                  data-testid={`onboarding-dot-${index}`}
                >
                  <VisuallyHidden>{stepOf(index)}</VisuallyHidden>
                </li>
              ))}
            </ol>
          ) : (
            <VisuallyHidden>{stepOf(step)}</VisuallyHidden>
          )}

          {isLast ? (
            <Button ref={mainAction} onClick={onClose} data-testid="onboarding-done">
              {tc('button.done')}
            </Button>
          ) : (
            <Button ref={mainAction} onClick={() => goTo(step + 1)} data-testid="onboarding-next">
              {tc('button.next')}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
