import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/date-format';
import { paths } from '../../../lib/paths';
import { QUESTIONNAIRE_STEPS } from '../../../shared/api/questionnaire';
import { useQuestionnaireDraft, useQuestionnaireResult } from '../api/use-questionnaire';
import { ResultView } from '../components/result-view';
import { StepForm } from '../components/step-form';
import { isQuestionnaireStep, RESULT_STEP } from '../questions';
import styles from '../components/questionnaire.module.css';

/**
 * /risk-questionnaire/{step?} (Questionnaire, members): the intro (no step), one screen per
 * step of QUESTIONNAIRE_STEPS (basic info, then each question), saved on the server at every
 * Next, and the result (`result`) with the products suited to it. A `back` query (the product
 * the member came from, through the risk acknowledgement's link) is kept from step to step and
 * offered on the result.
 */
export default function QuestionnairePage() {
  const { step } = useParams();
  const [search] = useSearchParams();
  const back = search.get('back');
  const { t } = useTranslation('questionnaire');
  let body;
  if (step === undefined) body = <Intro back={back} />;
  else if (step === RESULT_STEP) body = <ResultView back={back} />;
  else if (isQuestionnaireStep(step)) body = <StepForm key={step} step={step} back={back} />;
  else return <Navigate replace to={paths.Questionnaire.getHref(undefined, { back })} />;
  return (
    <div className={styles.page} data-testid="questionnaire-page">
      <PageHeader title={t('title')} />
      {body}
    </div>
  );
}

function Intro({ back }: { back: string | null }) {
  const { t } = useTranslation('questionnaire');
  const draft = useQuestionnaireDraft();
  const result = useQuestionnaireResult();
  if (draft.isPending || result.isPending)
    return <Skeleton lines={5} testId="questionnaire-loading" />;
  if (draft.isError || result.isError) {
    return (
      <LoadError
        message={t('error.load')}
        onRetry={() => Promise.all([draft.refetch(), result.refetch()])}
      />
    );
  }
  const first = QUESTIONNAIRE_STEPS[0];
  const resumeAt = draft.data ? (draft.data.resumeStep ?? QUESTIONNAIRE_STEPS.at(-1)!) : undefined;
  const current = result.data;
  return (
    <section className={styles.card} data-testid="questionnaire-intro">
      <p>{t('intro.text')}</p>
      <ul className={styles.points}>
        <li>{t('intro.point.time')}</li>
        <li>{t('intro.point.save')}</li>
        <li>{t('intro.point.valid')}</li>
      </ul>
      {current && !current.expired ? (
        <p className={styles.status} data-testid="questionnaire-current">
          {t('intro.current', {
            type: t(`riskType.${current.riskType}` as 'riskType.1'),
            date: formatDate(current.expiresAt),
          })}
        </p>
      ) : null}
      {current?.expired ? (
        <p className={styles.warning} data-testid="questionnaire-expired">
          {t('intro.expired', { date: formatDate(current.expiresAt) })}
        </p>
      ) : null}
      <div className={styles.actions}>
        {current && !current.expired ? (
          <ButtonLink
            variant="secondary"
            to={paths.Questionnaire.getHref({ step: RESULT_STEP }, { back })}
            data-testid="questionnaire-view-result"
          >
            {t('intro.viewResult')}
          </ButtonLink>
        ) : null}
        {resumeAt ? (
          <>
            <ButtonLink
              variant="secondary"
              to={paths.Questionnaire.getHref({ step: first }, { back })}
              data-testid="questionnaire-restart"
            >
              {t('intro.restart')}
            </ButtonLink>
            <ButtonLink
              to={paths.Questionnaire.getHref({ step: resumeAt }, { back })}
              data-testid="questionnaire-resume"
            >
              {t('intro.resume')}
            </ButtonLink>
          </>
        ) : (
          <ButtonLink
            to={paths.Questionnaire.getHref({ step: first }, { back })}
            data-testid="questionnaire-start"
          >
            {t('intro.start')}
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
