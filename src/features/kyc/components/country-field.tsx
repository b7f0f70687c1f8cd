import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { CountrySelect } from '../../../components/country-select';

export interface CountryFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** already translated */
  error: string | undefined;
  testId: string;
}

/** A required country of the KYC forms (nationality, residence, incorporation) bound to the form. */
export function CountryField<T extends FieldValues>({
  control,
  name,
  label,
  error,
  testId,
}: CountryFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CountrySelect
          label={label}
          required
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          inputRef={field.ref}
          error={error}
          data-testid={testId}
        />
      )}
    />
  );
}
