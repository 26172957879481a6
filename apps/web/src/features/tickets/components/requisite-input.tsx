import type { ComponentProps } from 'react';
import type { RequisiteField } from '@obmen/shared/contracts';
import { TextField } from '../../../components/ui/text-field';

type InputProps = ComponentProps<'input'> & { id: string };

const INPUT_MODE: Partial<Record<RequisiteField['kind'], 'numeric' | 'tel' | 'email'>> = {
  card: 'numeric',
  phone: 'tel',
  email: 'email',
};

/** One requisite from get_fields: its label, hint and example, the right keyboard on a phone. */
export function RequisiteInput({
  field,
  error,
  inputProps,
}: {
  field: RequisiteField;
  error: string | undefined;
  inputProps: InputProps;
}) {
  const words = field.kind === 'name' || field.kind === 'text';
  return (
    <TextField
      label={field.label}
      hint={field.hint || undefined}
      placeholder={field.placeholder || undefined}
      inputMode={INPUT_MODE[field.kind]}
      autoComplete={field.kind === 'phone' ? 'tel' : field.kind === 'email' ? 'email' : 'off'}
      autoCapitalize={words ? 'words' : 'off'}
      autoCorrect="off"
      spellCheck={false}
      required={field.required}
      error={error}
      {...inputProps}
    />
  );
}
