import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field';
import { TextAreaField, TextField } from './text-field';

describe('TextField', () => {
  it('labels the input and links hint and error with aria-describedby', () => {
    render(
      <TextField label="Email" hint="We reply here" error="Incorrect email format" required />,
    );
    const input = screen.getByLabelText(/Email/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['We reply here', 'Incorrect email format']);
  });

  it('has no error wiring without an error', () => {
    render(<TextField label="Name" />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('labels textareas and selects the same way', () => {
    render(
      <>
        <TextAreaField label="Message" error="Too long" />
        <SelectField
          label="Product"
          options={[
            { value: 1, label: 'One' },
            { value: 4, label: 'Other' },
          ]}
          defaultValue={4}
        />
      </>,
    );
    const textarea = screen.getByLabelText('Message');
    expect(
      document.getElementById(textarea.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Too long');
    const select = screen.getByLabelText('Product') as HTMLSelectElement;
    expect(select.value).toBe('4');
    expect(select.options).toHaveLength(2);
  });
});
