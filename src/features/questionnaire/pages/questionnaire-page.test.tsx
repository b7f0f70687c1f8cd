import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RiskAcknowledgement } from '../../../components/risk-acknowledgement';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithQuery } from '../../../components/testing/render';
import * as autotradeStrategies from '../../../services/autotrade-strategies';
import * as earn from '../../../services/earn';
import * as questionnaire from '../../../services/questionnaire';
import type { StrategySummary } from '../../../shared/api/autotrade-strategies';
import type { EarnProduct } from '../../../shared/api/earn';
import type {
  QuestionnaireAnswers,
  QuestionnaireResult,
  Suitability,
} from '../../../shared/api/questionnaire';
import QuestionnairePage from './questionnaire-page';

mockExports(questionnaire, {
  getQuestionnaireDraft: vi.fn(),
  getQuestionnaireResult: vi.fn(),
  saveQuestionnaireStep: vi.fn(),
  submitQuestionnaire: vi.fn(),
});
mockExports(earn, { getEarnProducts: vi.fn() });
mockExports(autotradeStrategies, { getStrategyList: vi.fn() });

const draftMock = vi.mocked(questionnaire.getQuestionnaireDraft);
const resultMock = vi.mocked(questionnaire.getQuestionnaireResult);
const saveMock = vi.mocked(questionnaire.saveQuestionnaireStep);
const submitMock = vi.mocked(questionnaire.submitQuestionnaire);
const earnMock = vi.mocked(earn.getEarnProducts);
const strategyMock = vi.mocked(autotradeStrategies.getStrategyList);

const answers: QuestionnaireAnswers = {
  country: 'TW',
  age: 3,
  maritalStatus: 1,
  education: 3,
  industry: 2,
  job: 5,
  occupationRisks: [],
  income: 3,
  purpose: 3,
  liquidCapital: 2,
  expectedReturn: 3,
  productsUsed: [1, 5],
  monthlyLoss: 3,
  lockUp: 2,
};
const result: QuestionnaireResult = {
  id: 4,
  riskType: 3,
  score: 23,
  submittedAt: '2026-01-10T02:00:00.000Z',
  expiresAt: '2027-01-10T02:00:00.000Z',
  expired: false,
};
const name = (en: string) => ({ 'en-US': en, 'zh-TW': en, 'zh-CN': en });

const renderAt = (route: string) =>
  renderWithQuery(
    <Routes>
      <Route path="/risk-questionnaire/:step?" element={<QuestionnairePage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route },
  );
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.resetAllMocks();
  draftMock.mockResolvedValue(null);
  resultMock.mockResolvedValue(null);
});

describe('the intro', () => {
  it('starts at basic info when nothing is saved', async () => {
    renderAt('/risk-questionnaire');
    const start = await screen.findByTestId('questionnaire-start');
    expect(start.getAttribute('href')).toBe('/risk-questionnaire/basic-info');
  });

  it('resumes at the first step not answered, and shows the current result', async () => {
    draftMock.mockResolvedValue({
      answers: { country: 'TW', age: 2, maritalStatus: 1, education: 3, industry: 4 },
      resumeStep: 'job',
      updatedAt: '2026-01-10T02:00:00.000Z',
    });
    resultMock.mockResolvedValue(result);
    renderAt('/risk-questionnaire?back=%2Ffixed%2FUSDT-034R');
    const resume = await screen.findByTestId('questionnaire-resume');
    expect(resume.getAttribute('href')).toBe('/risk-questionnaire/job?back=%2Ffixed%2FUSDT-034R');
    expect(screen.getByTestId('questionnaire-current').textContent).toBe(
      'Your risk type: Balanced, valid until 2027/01/10.',
    );
  });
});

describe('a step', () => {
  it('offers the 16 industries, asks for an answer, saves it and moves on', async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({
      answers: { industry: 16 },
      resumeStep: 'job',
      updatedAt: '2026-01-10T02:00:00.000Z',
    });
    renderAt('/risk-questionnaire/industry');
    const form = await screen.findByTestId('questionnaire-step-industry');
    expect(within(form).getAllByRole('radio')).toHaveLength(16);
    expect(screen.getByTestId('questionnaire-progress').textContent).toBe('Step 2 of 11');
    await user.click(screen.getByTestId('questionnaire-next'));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Please choose an answer.',
    );
    expect(saveMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: 'Other, or not employed' }));
    await user.click(screen.getByTestId('questionnaire-next'));
    await waitFor(() => expect(location()).toBe('/risk-questionnaire/job'));
    expect(saveMock).toHaveBeenCalledWith({ step: 'industry', answers: { industry: 16 } });
  });

  it('shows the saved answer of a step again', async () => {
    draftMock.mockResolvedValue({
      answers: { job: 20 },
      resumeStep: 'basic-info',
      updatedAt: '2026-01-10T02:00:00.000Z',
    });
    renderAt('/risk-questionnaire/job');
    const retired = await screen.findByRole('radio', { name: 'Retired or unemployed' });
    expect((retired as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio')).toHaveLength(20);
  });

  it('occupation risks: 28 and an explicit None of the above', async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({
      answers: { occupationRisks: [] },
      resumeStep: 'basic-info',
      updatedAt: '2026-01-10T02:00:00.000Z',
    });
    renderAt('/risk-questionnaire/occupation-risks');
    await screen.findByTestId('questionnaire-step-occupation-risks');
    expect(screen.getAllByRole('checkbox')).toHaveLength(29);
    await user.click(screen.getByTestId('questionnaire-next'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Casino or gambling' }));
    await user.click(screen.getByTestId('questionnaire-none'));
    expect(
      (screen.getByRole('checkbox', { name: 'Casino or gambling' }) as HTMLInputElement).checked,
    ).toBe(false);
    await user.click(screen.getByTestId('questionnaire-next'));
    await waitFor(() => expect(location()).toBe('/risk-questionnaire/income'));
    expect(saveMock).toHaveBeenCalledWith({
      step: 'occupation-risks',
      answers: { occupationRisks: [] },
    });
  });

  it('products used: 12, none ticked is saved as none', async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({
      answers: { productsUsed: [] },
      resumeStep: 'basic-info',
      updatedAt: '2026-01-10T02:00:00.000Z',
    });
    renderAt('/risk-questionnaire/products-used');
    await screen.findByTestId('questionnaire-step-products-used');
    expect(screen.getAllByRole('checkbox')).toHaveLength(12);
    await user.click(screen.getByTestId('questionnaire-next'));
    await waitFor(() => expect(location()).toBe('/risk-questionnaire/monthly-loss'));
    expect(saveMock).toHaveBeenCalledWith({ step: 'products-used', answers: { productsUsed: [] } });
  });

  it('the last step submits every saved answer and shows the result', async () => {
    const user = userEvent.setup();
    draftMock.mockResolvedValue({
      answers: { ...answers, lockUp: undefined },
      resumeStep: 'lock-up',
      updatedAt: '2026-01-10T02:00:00.000Z',
    });
    saveMock.mockResolvedValue({
      answers,
      resumeStep: null,
      updatedAt: '2026-01-10T02:00:00.000Z',
    });
    submitMock.mockResolvedValue(result);
    earnMock.mockResolvedValue({ list: [] });
    strategyMock.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 100 });
    renderAt('/risk-questionnaire/lock-up');
    await user.click(await screen.findByRole('radio', { name: '1 - 3 months' }));
    await user.click(screen.getByTestId('questionnaire-next'));
    await waitFor(() => expect(location()).toBe('/risk-questionnaire/result'));
    expect(submitMock).toHaveBeenCalledWith(answers);
  });

  it('an unfinished questionnaire goes back to the step missing instead of submitting', async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({
      answers: { lockUp: 5 },
      resumeStep: 'basic-info',
      updatedAt: '2026-01-10T02:00:00.000Z',
    });
    renderAt('/risk-questionnaire/lock-up');
    await user.click(await screen.findByRole('radio', { name: 'Over 1 year' }));
    await user.click(screen.getByTestId('questionnaire-next'));
    await waitFor(() => expect(location()).toBe('/risk-questionnaire/basic-info'));
    expect(submitMock).not.toHaveBeenCalled();
  });
});

describe('the result', () => {
  it('shows the risk type and the open products at or below it', async () => {
    resultMock.mockResolvedValue(result);
    earnMock.mockResolvedValue({
      list: [
        {
          id: 1,
          serialNumber: 'USDT-001R',
          kind: 'fixed',
          name: name('Steady USDT'),
          riskLevel: 2,
          state: 'raising',
        },
        {
          id: 2,
          serialNumber: 'USDT-002D',
          kind: 'mixed',
          name: name('Risky mix'),
          riskLevel: 4,
          state: 'raising',
        },
        {
          id: 3,
          serialNumber: 'USDT-003R',
          kind: 'fixed',
          name: name('Closed one'),
          riskLevel: 1,
          state: 'running',
        },
      ] as EarnProduct[],
    });
    strategyMock.mockResolvedValue({
      list: [
        { id: 7, name: name('Calm grid'), riskLevel: 'low', status: 'running' },
        { id: 8, name: name('Wild trend'), riskLevel: 'high', status: 'running' },
      ] as StrategySummary[],
      total: 2,
      page: 1,
      pageSize: 100,
    });
    renderAt('/risk-questionnaire/result?back=%2Ffixed%2FUSDT-002D');
    expect((await screen.findByTestId('questionnaire-risk-type')).textContent).toBe('Balanced');
    expect(screen.getByTestId('questionnaire-valid-until').textContent).toBe(
      'Valid until 2027/01/10',
    );
    expect(screen.getByTestId('questionnaire-return').getAttribute('href')).toBe(
      '/fixed/USDT-002D',
    );
    const earn = await screen.findByTestId('questionnaire-suited-earn');
    expect(
      within(earn)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Steady USDT']);
    expect(within(earn).getByRole('link').getAttribute('href')).toBe('/fixed/USDT-001R');
    const autotrade = screen.getByTestId('questionnaire-suited-autotrade');
    expect(
      within(autotrade)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Calm grid']);
    expect(within(autotrade).getByText('Risk 3 of 5')).toBeTruthy();
  });

  it('never offers a way back to another site', async () => {
    resultMock.mockResolvedValue({ ...result, expired: true });
    renderAt('/risk-questionnaire/result?back=%2F%2Fevil.example');
    await screen.findByTestId('questionnaire-result');
    expect(screen.queryByTestId('questionnaire-return')).toBeNull();
    expect(screen.queryByTestId('questionnaire-suited')).toBeNull();
  });
});

describe('the risk acknowledgement', () => {
  function Prompt({ suitability }: { suitability: Suitability }) {
    const [checked, setChecked] = useState(false);
    return (
      <RiskAcknowledgement
        suitability={suitability}
        checked={checked}
        onCheckedChange={setChecked}
        showError
      />
    );
  }

  it('says why, links to the questionnaire with the way back, and takes the tick', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Prompt suitability={{ productRisk: 5, riskType: 3, reason: 'above' }} />, {
      route: '/trading-bot/8/subscribe',
    });
    expect(screen.getByTestId('risk-ack-reason').textContent).toBe(
      'This product is risk level 5 of 5, above your risk type (Balanced, 3 of 5).',
    );
    expect(screen.getByTestId('risk-ack-take').getAttribute('href')).toBe(
      '/risk-questionnaire?back=%2Ftrading-bot%2F8%2Fsubscribe',
    );
    expect(screen.getByTestId('risk-ack-error')).toBeTruthy();
    await user.click(screen.getByTestId('risk-ack-checkbox'));
    expect(screen.queryByTestId('risk-ack-error')).toBeNull();
  });

  it('is not shown for a suited product', () => {
    renderWithQuery(<Prompt suitability={{ productRisk: 2, riskType: 3, reason: null }} />);
    expect(screen.queryByTestId('risk-ack')).toBeNull();
  });
});
