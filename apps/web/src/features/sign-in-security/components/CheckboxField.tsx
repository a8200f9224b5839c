import Checkbox from '@cloudscape-design/components/checkbox';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { ControlledField } from '../../../shared/form/ControlledField.tsx';

/** A checkbox bound to a boolean form value. */
export function CheckboxField<T extends FieldValues>({ control, name, label, text, disabled, testId }: { control: Control<T>; name: FieldPath<T>; label?: string; text: string; disabled?: boolean; testId?: string }) {
  return (
    <ControlledField
      control={control}
      name={name}
      label={label}
      render={({ field }) => (
        <Checkbox checked={Boolean(field.value)} onChange={({ detail }) => field.onChange(detail.checked)} disabled={disabled} data-testid={testId}>
          {text}
        </Checkbox>
      )}
    />
  );
}
