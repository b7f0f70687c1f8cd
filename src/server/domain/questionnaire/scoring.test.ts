import { describe, expect, it } from 'vitest';
import type { QuestionnaireAnswers } from '../../../shared/api/questionnaire';
import {
  productsUsedPoints,
  questionnaireScore,
  riskTypeOfScore,
  scoreQuestionnaire,
} from './scoring';

/** The examples of the scoring table in src/features/questionnaire/README.md. */
const base: QuestionnaireAnswers = {
  country: 'TW',
  age: 6,
  maritalStatus: 1,
  education: 1,
  industry: 1,
  job: 1,
  occupationRisks: [],
  income: 1,
  purpose: 1,
  liquidCapital: 1,
  expectedReturn: 1,
  productsUsed: [],
  monthlyLoss: 1,
  lockUp: 1,
};

describe('questionnaire scoring', () => {
  it('scores the lowest answers 8 (Conservative) and the highest 40 (Aggressive)', () => {
    expect(scoreQuestionnaire(base)).toEqual({ score: 8, riskType: 1 });
    expect(
      scoreQuestionnaire({
        ...base,
        age: 2,
        income: 5,
        purpose: 5,
        liquidCapital: 5,
        expectedReturn: 5,
        productsUsed: [1, 5, 9, 12],
        monthlyLoss: 5,
        lockUp: 5,
      }),
    ).toEqual({ score: 40, riskType: 5 });
  });

  it('age points: under 20 3, 20-39 5, 40-49 4, 50-59 2, 60 and over 1', () => {
    expect([1, 2, 3, 4, 5, 6].map((age) => questionnaireScore({ ...base, age }) - 7)).toEqual([
      3, 5, 5, 4, 2, 1,
    ]);
  });

  it('the profile answers are not scored', () => {
    const profile = {
      ...base,
      country: 'JP',
      maritalStatus: 2,
      education: 5,
      industry: 16,
      job: 20,
      occupationRisks: [1, 28],
    };
    expect(scoreQuestionnaire(profile)).toEqual(scoreQuestionnaire(base));
  });

  it('products used: 1 + the most complex product, +1 for four or more, at most 5', () => {
    expect(productsUsedPoints([])).toBe(1);
    expect(productsUsedPoints([1, 2])).toBe(1); // deposits, insurance
    expect(productsUsedPoints([3])).toBe(2); // bonds
    expect(productsUsedPoints([6])).toBe(3); // stocks
    expect(productsUsedPoints([9])).toBe(4); // futures
    expect(productsUsedPoints([1, 2, 3, 4])).toBe(3); // four products, bonds the most complex
    expect(productsUsedPoints([9, 10, 11, 12])).toBe(5);
  });

  it('bands: 8-14 1, 15-20 2, 21-27 3, 28-33 4, 34-40 5', () => {
    const bands = [8, 14, 15, 20, 21, 27, 28, 33, 34, 40].map(riskTypeOfScore);
    expect(bands).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('the tolerable monthly loss caps the type at its option + 1', () => {
    // 5 + 5 + 5 + 5 + 5 + 1 + 5 + 5 = 36 points (Aggressive by band) with the smallest loss
    const bold = {
      ...base,
      age: 2,
      income: 5,
      purpose: 5,
      liquidCapital: 5,
      expectedReturn: 5,
      productsUsed: [9, 10, 11, 12],
      lockUp: 5,
    };
    expect(scoreQuestionnaire({ ...bold, monthlyLoss: 1 })).toEqual({ score: 36, riskType: 2 });
    expect(scoreQuestionnaire({ ...bold, monthlyLoss: 2 })).toEqual({ score: 37, riskType: 3 });
    expect(scoreQuestionnaire({ ...bold, monthlyLoss: 3 })).toEqual({ score: 38, riskType: 4 });
    expect(scoreQuestionnaire({ ...bold, monthlyLoss: 4 })).toEqual({ score: 39, riskType: 5 });
  });

  it('a balanced example: 23 points, type 3', () => {
    const answers = {
      ...base,
      age: 3,
      income: 3,
      purpose: 3,
      liquidCapital: 2,
      expectedReturn: 3,
      productsUsed: [1, 5],
      monthlyLoss: 3,
      lockUp: 2,
    };
    expect(scoreQuestionnaire(answers)).toEqual({ score: 23, riskType: 3 });
  });
});
