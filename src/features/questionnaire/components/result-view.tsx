import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { formatDate } from '../../../lib/date-format';
import { paths } from '../../../lib/paths';
import { getStrategyList } from '../../../services/autotrade-strategies';
import { getEarnProducts } from '../../../services/earn';
import { questionnaireKeys } from '../../../services/questionnaire';
import { cachePresets } from '../../../services/query-keys';
import {
  QUESTIONNAIRE_STEPS,
  STRATEGY_RISK_SCALE,
  type QuestionnaireResult,
} from '../../../shared/api/questionnaire';
import type { LocalizedText } from '../../../shared/api/earn';
import { useQuestionnaireResult } from '../api/use-questionnaire';
import { safeBackPath } from '../questions';
import { RiskScale } from './risk-scale';
import styles from './questionnaire.module.css';

/** The result: the risk type, its validity, and the open products suited to it. */
export function ResultView({ back }: { back: string | null }) {
  const { t } = useTranslation('questionnaire');
  const result = useQuestionnaireResult();
  if (result.isPending) return <Skeleton lines={5} testId="questionnaire-loading" />;
  if (result.isError)
    return <LoadError message={t('error.load')} onRetry={() => result.refetch()} />;
  const backPath = safeBackPath(back);
  if (!result.data) {
    return (
      <>
        <EmptyState title={t('result.none')} testId="questionnaire-no-result" />
        <div className={styles.actions}>
          <ButtonLink to={paths.Questionnaire.getHref({ step: QUESTIONNAIRE_STEPS[0] }, { back })}>
            {t('intro.start')}
          </ButtonLink>
        </div>
      </>
    );
  }
  const data = result.data;
  const type = data.riskType;
  return (
    <>
      <section className={styles.card} data-testid="questionnaire-result">
        <h2 className={styles.resultHeading}>{t('result.title')}</h2>
        <p className={styles.riskType} data-testid="questionnaire-risk-type">
          {t(`riskType.${type}` as 'riskType.1')}
        </p>
        <RiskScale level={type} label={t('risk.level', { level: type })} />
        <p>{t(`riskType.${type}.text` as 'riskType.1.text')}</p>
        <p className={styles.hint}>{t('result.score', { score: data.score })}</p>
        {data.expired ? (
          <p className={styles.warning}>
            {t('result.expired', { date: formatDate(data.expiresAt) })}
          </p>
        ) : (
          <p className={styles.hint} data-testid="questionnaire-valid-until">
            {t('result.validUntil', { date: formatDate(data.expiresAt) })}
          </p>
        )}
        <div className={styles.actions}>
          <ButtonLink
            variant="secondary"
            to={paths.Questionnaire.getHref({ step: QUESTIONNAIRE_STEPS[0] }, { back })}
            data-testid="questionnaire-retake"
          >
            {t('result.retake')}
          </ButtonLink>
          {backPath ? (
            <ButtonLink to={backPath} data-testid="questionnaire-return">
              {t('result.back')}
            </ButtonLink>
          ) : null}
        </div>
      </section>
      {data.expired ? null : <SuitedProducts result={data} />}
    </>
  );
}

interface SuitedItem {
  key: string;
  name: LocalizedText;
  risk: number;
  href: string;
}

/** Open earn products and running strategies whose risk level is at most the risk type. */
function SuitedProducts({ result }: { result: QuestionnaireResult }) {
  const { t, i18n } = useTranslation('questionnaire');
  const earn = useQuery({
    queryKey: [...questionnaireKeys.all(), 'suited', 'earn'],
    queryFn: () => getEarnProducts({ asMember: true }),
    ...cachePresets.standard,
  });
  const autotrade = useQuery({
    queryKey: [...questionnaireKeys.all(), 'suited', 'autotrade'],
    queryFn: () => getStrategyList({ page: 1, pageSize: 100 }),
    ...cachePresets.standard,
  });
  const language = i18n.language as keyof LocalizedText;
  const nameOf = (name: LocalizedText) => name[language] || name['en-US'];
  const earnItems: SuitedItem[] = (earn.data?.list ?? [])
    .filter(
      (p) => (p.state === 'raising' || p.state === 'upcoming') && p.riskLevel <= result.riskType,
    )
    .map((p) => ({
      key: `earn-${p.id}`,
      name: p.name,
      risk: p.riskLevel,
      href: paths.PremiumDetail.getHref({ type: p.kind, sn: p.serialNumber }),
    }));
  const strategyItems: SuitedItem[] = (autotrade.data?.list ?? [])
    .filter((s) => s.status === 'running' && STRATEGY_RISK_SCALE[s.riskLevel] <= result.riskType)
    .map((s) => ({
      key: `autotrade-${s.id}`,
      name: s.name,
      risk: STRATEGY_RISK_SCALE[s.riskLevel],
      href: paths.StrategyDetail.getHref({ id: s.id }),
    }));
  const group = (title: string, items: SuitedItem[], testId: string) =>
    items.length === 0 ? null : (
      <div className={styles.suitedGroup} data-testid={testId}>
        <h3 className={styles.suitedTitle}>{title}</h3>
        <ul className={styles.suitedList}>
          {items.map((item) => (
            <li key={item.key} className={styles.suitedItem}>
              <Link to={item.href}>{nameOf(item.name)}</Link>
              <span className={styles.riskBadge}>{t('risk.level', { level: item.risk })}</span>
            </li>
          ))}
        </ul>
      </div>
    );
  let content;
  if (earn.isPending || autotrade.isPending) content = <Skeleton lines={3} />;
  else if (earn.isError || autotrade.isError) {
    content = (
      <LoadError
        message={t('result.suited.error')}
        onRetry={() => Promise.all([earn.refetch(), autotrade.refetch()])}
      />
    );
  } else if (earnItems.length + strategyItems.length === 0) {
    content = <p className={styles.hint}>{t('result.suited.empty')}</p>;
  } else {
    content = (
      <>
        {group(t('result.suited.earn'), earnItems, 'questionnaire-suited-earn')}
        {group(t('result.suited.autotrade'), strategyItems, 'questionnaire-suited-autotrade')}
      </>
    );
  }
  return (
    <section className={styles.card} data-testid="questionnaire-suited">
      <h2 className={styles.resultHeading}>{t('result.suited.title')}</h2>
      <p className={styles.hint}>{t('result.suited.text')}</p>
      {content}
    </section>
  );
}
