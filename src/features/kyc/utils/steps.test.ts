import { describe, expect, it } from 'vitest';
import { documentItemsFor, openingStep, stepFromQuery } from './steps';

const saved = { personalSaved: true, documentsSaved: true };

describe('openingStep', () => {
  it('continues at the furthest saved step without a step query', () => {
    expect(openingStep({ requested: null, personalSaved: false, documentsSaved: false }).step).toBe(
      'personal',
    );
    expect(openingStep({ requested: null, personalSaved: true, documentsSaved: false }).step).toBe(
      'documents',
    );
    expect(openingStep({ requested: null, ...saved }).step).toBe('review');
  });

  it('honours step=upload when the personal part is saved, else step 1 with a note', () => {
    const upload = stepFromQuery('upload');
    expect(upload).toBe('documents');
    expect(openingStep({ requested: upload, personalSaved: true, documentsSaved: false })).toEqual({
      step: 'documents',
      needsPersonalFirst: false,
    });
    expect(openingStep({ requested: upload, personalSaved: false, documentsSaved: false })).toEqual(
      { step: 'personal', needsPersonalFirst: true },
    );
    expect(openingStep({ requested: stepFromQuery('personal'), ...saved }).step).toBe('personal');
    expect(stepFromQuery('complete')).toBeNull();
  });

  it('opens a rejected application on the first step with a marked item', () => {
    expect(openingStep({ requested: null, ...saved, rejectedItems: ['selfieImage'] }).step).toBe(
      'documents',
    );
    expect(
      openingStep({ requested: null, ...saved, rejectedItems: ['selfieImage', 'surname'] }).step,
    ).toBe('personal');
  });

  it('asks for the back side except for a passport', () => {
    expect(documentItemsFor('passport')).toEqual(['frontImage', 'selfieImage', 'secondIdImage']);
    expect(documentItemsFor('id_card')).toContain('backImage');
  });
});
