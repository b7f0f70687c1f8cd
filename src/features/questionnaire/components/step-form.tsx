import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { CountrySelect } from '../../../components/country-select';
import { LoadError, Skeleton } from '../../../components/load-states';
import { SelectField } from '../../../components/select-field';
import { paths } from '../../../lib/paths';
import {
  QUESTION_OPTIONS,
  QUESTIONNAIRE_STEPS,
  STEP_FIELDS,
  type QuestionnaireAnswers,
  type QuestionnaireDraftAnswers,
  type QuestionnaireStep,
} from '../../../shared/api/questionnaire';
import {
  useQuestionnaireDraft,
  useSaveStep,
  useSubmitQuestionnaire,
} from '../api/use-questionnaire';
import {
  optionNumbers,
  RESULT_STEP,
  STEP_VIEWS,
  stepAfter,
  stepBefore,
  type StepView,
} from '../questions';
import styles from './questionnaire.module.css';

type OptionKey = `option.${string}.${number}`;

/** One step: loads the saved answers, then the step's fields. */
export function StepForm({ step, back }: { step: QuestionnaireStep; back: string | null }) {
  const { t } = useTranslation('questionnaire');
  const draft = useQuestionnaireDraft();
  if (draft.isPending) return <Skeleton lines={6} testId="questionnaire-loading" />;
  if (draft.isError) return <LoadError message={t('error.load')} onRetry={() => draft.refetch()} />;
  return <StepFields step={step} back={back} saved={draft.data?.answers ?? {}} />;
}

function StepFields({
  step,
  back,
  saved,
}: {
  step: QuestionnaireStep;
  back: string | null;
  saved: QuestionnaireDraftAnswers;
}) {
  const { t } = useTranslation('questionnaire');
  const navigate = useNavigate();
  const save = useSaveStep();
  const submit = useSubmitQuestionnaire();
  const view = STEP_VIEWS[step];
  const [answers, setAnswers] = useState<QuestionnaireDraftAnswers>(() => pick(saved, step));
  // occupation risks: "None of the above" is an explicit choice (an empty list once saved)
  const [none, setNone] = useState(
    () => saved.occupationRisks !== undefined && saved.occupationRisks.length === 0,
  );
  const [showErrors, setShowErrors] = useState(false);
  const [failed, setFailed] = useState(false);
  const index = QUESTIONNAIRE_STEPS.indexOf(step);
  const previous = stepBefore(step);
  const next = stepAfter(step);
  const missing = missingFields(view, answers, none);
  const edit = (patch: QuestionnaireDraftAnswers) => setAnswers((now) => ({ ...now, ...patch }));
  const href = (to: string | undefined) => paths.Questionnaire.getHref({ step: to }, { back });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (missing.length > 0 || save.isPending || submit.isPending) return;
    setFailed(false);
    try {
      const stepAnswers = pick(answers, step);
      // products used: nothing ticked is "none of them" (an empty list)
      if (view.kind === 'multi' && stepAnswers[view.field] === undefined) {
        stepAnswers[view.field] = [];
      }
      const draft = await save.mutateAsync({ step, answers: stepAnswers });
      if (next) {
        await navigate(href(next));
        return;
      }
      if (draft?.resumeStep) {
        await navigate(href(draft.resumeStep));
        return;
      }
      await submit.mutateAsync(draft!.answers as QuestionnaireAnswers);
      await navigate(href(RESULT_STEP));
    } catch {
      setFailed(true);
    }
  }

  return (
    <form
      className={styles.card}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid={`questionnaire-step-${step}`}
    >
      <p className={styles.progress} data-testid="questionnaire-progress">
        {t('step.progress', { current: index + 1, total: QUESTIONNAIRE_STEPS.length })}
      </p>
      <progress
        className={styles.bar}
        max={QUESTIONNAIRE_STEPS.length}
        value={index + 1}
        aria-hidden="true"
      />
      {view.kind === 'basic' ? (
        <BasicInfo answers={answers} edit={edit} showErrors={showErrors} />
      ) : view.kind === 'single' ? (
        <ChoiceGroup
          legend={t(`q.${view.field}` as 'q.industry')}
          name={view.field}
          options={optionNumbers(view.count).map((n) => ({
            value: n,
            label: t(`option.${view.field}.${n}` as OptionKey as 'option.age.1'),
          }))}
          selected={answers[view.field] === undefined ? [] : [answers[view.field] as number]}
          onToggle={(value) => edit({ [view.field]: value })}
          type="radio"
          error={showErrors && missing.length > 0 ? t('error.required') : undefined}
        />
      ) : (
        <ChoiceGroup
          legend={t(`q.${view.field}`)}
          hint={t(`q.${view.field}.hint`)}
          name={view.field}
          options={optionNumbers(view.count).map((n) => ({
            value: n,
            label: t(`option.${view.field}.${n}` as OptionKey as 'option.age.1'),
          }))}
          selected={answers[view.field] ?? []}
          onToggle={(value, checked) => {
            const list = answers[view.field] ?? [];
            const updated = checked
              ? [...list, value].sort((a, b) => a - b)
              : list.filter((n) => n !== value);
            edit({ [view.field]: updated });
            if (checked) setNone(false);
          }}
          type="checkbox"
          none={
            view.explicitNone
              ? {
                  label: t('q.occupationRisks.none'),
                  checked: none,
                  onChange: (checked) => {
                    setNone(checked);
                    if (checked) edit({ [view.field]: [] });
                  },
                }
              : undefined
          }
          error={showErrors && missing.length > 0 ? t('error.occupationRisks') : undefined}
        />
      )}
      {failed ? (
        <p className={styles.error} role="alert" data-testid="questionnaire-save-error">
          {t('error.save')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <ButtonLink variant="secondary" to={href(previous)} data-testid="questionnaire-back">
          {t('action.back')}
        </ButtonLink>
        <Button
          type="submit"
          busy={save.isPending || submit.isPending}
          data-testid="questionnaire-next"
        >
          {next ? t('action.next') : t('action.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The answers of the step's fields only. */
function pick(
  answers: QuestionnaireDraftAnswers,
  step: QuestionnaireStep,
): QuestionnaireDraftAnswers {
  const picked: Record<string, unknown> = {};
  for (const field of STEP_FIELDS[step]) {
    if (answers[field] !== undefined) picked[field] = answers[field];
  }
  return picked as QuestionnaireDraftAnswers;
}

function missingFields(
  view: StepView,
  answers: QuestionnaireDraftAnswers,
  none: boolean,
): string[] {
  if (view.kind === 'basic') {
    return (['country', 'age', 'maritalStatus', 'education'] as const).filter(
      (field) => answers[field] === undefined || answers[field] === '',
    );
  }
  if (view.kind === 'single') return answers[view.field] === undefined ? [view.field] : [];
  const list = answers[view.field];
  // occupation risks need a choice or "None of the above"; products used may stay empty
  if (view.explicitNone) return (list?.length ?? 0) > 0 || none ? [] : [view.field];
  return [];
}

function BasicInfo({
  answers,
  edit,
  showErrors,
}: {
  answers: QuestionnaireDraftAnswers;
  edit: (patch: QuestionnaireDraftAnswers) => void;
  showErrors: boolean;
}) {
  const { t } = useTranslation('questionnaire');
  const required = (missing: boolean) => (showErrors && missing ? t('error.required') : undefined);
  const select = (field: 'age' | 'maritalStatus' | 'education') => (
    <SelectField
      label={t(`field.${field}`)}
      required
      value={answers[field] ?? ''}
      onChange={(event) =>
        edit({ [field]: event.target.value === '' ? undefined : Number(event.target.value) })
      }
      options={[
        { value: '', label: t('field.choose') },
        ...optionNumbers(QUESTION_OPTIONS[field]).map((n) => ({
          value: n,
          label: t(`option.${field}.${n}` as OptionKey as 'option.age.1'),
        })),
      ]}
      error={required(answers[field] === undefined)}
      data-testid={`questionnaire-${field}`}
    />
  );
  return (
    <fieldset className={styles.fields}>
      <legend className={styles.legend}>{t('basic.title')}</legend>
      <CountrySelect
        label={t('field.country')}
        required
        value={answers.country ?? ''}
        onChange={(code) => edit({ country: code === '' ? undefined : code })}
        error={required(!answers.country)}
        data-testid="questionnaire-country"
      />
      {select('age')}
      {select('maritalStatus')}
      {select('education')}
    </fieldset>
  );
}

interface ChoiceGroupProps {
  legend: string;
  hint?: string;
  name: string;
  options: { value: number; label: string }[];
  selected: readonly number[];
  onToggle: (value: number, checked: boolean) => void;
  type: 'radio' | 'checkbox';
  none?: { label: string; checked: boolean; onChange: (checked: boolean) => void } | undefined;
  error?: string | undefined;
}

/** A question as a list of radio buttons or checkboxes (native: keyboard and screen readers). */
function ChoiceGroup({
  legend,
  hint,
  name,
  options,
  selected,
  onToggle,
  type,
  none,
  error,
}: ChoiceGroupProps) {
  const errorId = useId();
  const hintId = useId();
  return (
    <fieldset
      className={styles.fields}
      aria-describedby={[hint ? hintId : '', error ? errorId : ''].join(' ').trim() || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              type={type}
              name={name}
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={(event) => onToggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
        {none ? (
          <label className={styles.choice}>
            <input
              type="checkbox"
              name={`${name}-none`}
              checked={none.checked}
              onChange={(event) => none.onChange(event.target.checked)}
              data-testid="questionnaire-none"
            />
            <span>{none.label}</span>
          </label>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
