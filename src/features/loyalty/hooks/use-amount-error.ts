import { useTranslation } from 'react-i18next';
import type { AmountProblem } from '../utils/bcnt-amount';

/**
 * The translated message of an amount problem. "Enter an amount" waits for a submit; a wrong
 * number shows as soon as it is typed. `limitKey` names the upper limit (balance or stake).
 */
export function useAmountError(
  problem: AmountProblem | undefined,
  submitted: boolean,
  text: string,
  limitKey: 'exceedsBalance' | 'exceedsStaked',
): string | undefined {
  const { t } = useTranslation('loyalty');
  if (!problem) return undefined;
  if (problem === 'required') return submitted ? t('validation.required') : undefined;
  if (!submitted && text === '') return undefined;
  return problem === 'positive' ? t('validation.positive') : t(`validation.${limitKey}`);
}
