import Textarea from '@cloudscape-design/components/textarea';
import type { FieldValues } from 'react-hook-form';
import { ControlledField, type FieldFrameProps } from './ControlledField.tsx';

export interface TextareaFieldProps<T extends FieldValues> extends FieldFrameProps<T> {
  readonly placeholder?: string;
  readonly rows?: number;
  readonly disabled?: boolean;
  /** Put on the native `<textarea>`, for end-to-end tests. */
  readonly testId?: string;
}

/** A Cloudscape textarea bound to react-hook-form, like InputField. */
export function TextareaField<T extends FieldValues>({ placeholder, rows = 3, disabled, testId, ...frame }: TextareaFieldProps<T>) {
  return (
    <ControlledField
      {...frame}
      render={({ field, invalid }) => (
        <Textarea
          ref={field.ref}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={({ detail }) => field.onChange(detail.value)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          rows={rows}
          disabled={disabled}
          invalid={invalid}
          nativeTextareaAttributes={testId ? { 'data-testid': testId } : undefined}
        />
      )}
    />
  );
}
