import { useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../i18n/use-translation.ts';
import { progress } from '../ui/progress.ts';
import { formErrorMap } from './form-error-map.ts';
import { useLazyResolver, type SchemaLoader } from './lazy-resolver.ts';
import { applyServerErrors, isFieldErrorOnly } from './server-errors.ts';

export interface ServerSubmitOptions<TInput extends FieldValues, TOutput, TAnswer> {
  /** The form's fields a server error may name (`body.<field>` matches too), or a function of the values submitted. */
  readonly fields: readonly FieldPath<TInput>[] | ((values: TOutput) => readonly FieldPath<TInput>[]);
  /**
   * Server field names that differ from the form's (`body.org.orgName` → `orgName`), or a
   * function that reads them off the failure (`body.list.2` → `list`).
   */
  readonly aliases?: Readonly<Record<string, FieldPath<TInput>>> | ((error: unknown) => Readonly<Record<string, FieldPath<TInput>>>);
  /** A failure the form places itself (answers true); the shared handling then does nothing. */
  readonly handleError?: (error: unknown) => boolean;
  /** The call; the console's progress spinner shows while it runs, unless `showProgress` is false. */
  readonly submit: (values: TOutput) => Promise<TAnswer>;
  readonly showProgress?: boolean;
  /** After the call succeeded (reset the form, toast, navigate). */
  readonly onSuccess?: (answer: TAnswer, values: TOutput) => void | Promise<void>;
  /**
   * The form-level text of a failure, from the translated server message; `undefined` leaves
   * the form without one. By default a failure whose every message sits next to a field has none.
   */
  readonly formErrorText?: (text: string, error: unknown, values: TOutput) => string | undefined;
}

export interface ServerSubmit {
  /** The form-level error (Cloudscape `Form errorText`), cleared when a submit starts. */
  readonly formError: string | undefined;
  readonly setFormError: (text: string | undefined) => void;
  /** Whether the call runs (for a submit button's loading state when there is no mutation to ask). */
  readonly pending: boolean;
  /** The `<form onSubmit>` handler: validates, then runs the call. */
  readonly onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * The submit flow every form shares: clear the form error → run the call under the progress
 * spinner → on failure put the server's field errors next to their fields (focusing the first)
 * and the rest in the form error; on success hand the answer to `onSuccess`.
 */
export function useServerSubmit<TInput extends FieldValues, TOutput, TAnswer>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  { fields: fieldsOf, aliases: aliasesOf, handleError, submit, showProgress = true, onSuccess, formErrorText }: ServerSubmitOptions<TInput, TOutput, TAnswer>,
): ServerSubmit {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    let answer: TAnswer;
    setPending(true);
    try {
      answer = await (showProgress ? progress.track(submit(values)) : submit(values));
    } catch (error) {
      setPending(false);
      if (handleError?.(error)) return;
      const fields = typeof fieldsOf === 'function' ? fieldsOf(values) : fieldsOf;
      const aliases = typeof aliasesOf === 'function' ? aliasesOf(error) : aliasesOf;
      const text = applyServerErrors(error, form.setError, fields, t, aliases);
      if (formErrorText) setFormError(formErrorText(text, error, values));
      else if (!isFieldErrorOnly(error, fields, aliases)) setFormError(text);
      return;
    }
    setPending(false);
    await onSuccess?.(answer, values);
  });
  return { formError, setFormError, pending, onSubmit };
}

export interface ServerFormOptions<TInput extends FieldValues, TOutput, TAnswer> extends ServerSubmitOptions<TInput, TOutput, TAnswer> {
  /**
   * The contract's schema, loaded after the form's first paint (lazy-resolver.ts): the form
   * validates with it (messages in the active language); a blur or submit before it arrives waits.
   * `() => import('./x-schema.ts').then((module) => module.XSchema)`.
   */
  readonly schema: SchemaLoader<TOutput, TInput>;
  readonly defaultValues: DefaultValues<TInput>;
  /** A field's own message for a pattern mismatch, instead of the schema's generic one. */
  readonly patternMessages?: Readonly<Record<string, string>>;
  /** Other react-hook-form options; the mode is on-touched unless given. */
  readonly formOptions?: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver' | 'defaultValues'>;
}

/** A react-hook-form form validated by a contract schema (loaded after the first paint), with the shared submit flow. */
export function useServerForm<TInput extends FieldValues, TOutput, TAnswer>({
  schema,
  defaultValues,
  patternMessages,
  formOptions,
  ...submitOptions
}: ServerFormOptions<TInput, TOutput, TAnswer>): ServerSubmit & { readonly form: UseFormReturn<TInput, unknown, TOutput> } {
  const { t } = useTranslation();
  const resolver = useLazyResolver(schema, formErrorMap(t, patternMessages));
  const form = useForm<TInput, unknown, TOutput>({
    mode: 'onTouched',
    ...formOptions,
    resolver,
    defaultValues,
  });
  return { form, ...useServerSubmit(form, submitOptions) };
}
