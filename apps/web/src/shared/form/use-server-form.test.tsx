import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/api-error.ts';
import { switchLocale } from '../i18n/switch-locale.ts';
import { progressStore } from '../ui/progress.ts';
import { useServerForm, type ServerFormOptions } from './use-server-form.ts';

const Schema = z.object({ name: z.string(), note: z.string() });
type Values = z.output<typeof Schema>;

beforeAll(async () => {
  await switchLocale('en_US');
});
afterEach(cleanup);

const refusal = (fieldErrors: { field: string; message: string }[], message = 'Refused as a whole.') =>
  new ApiError({ kind: 'response', httpStatus: 400, resultCode: '99999', message, fieldErrors });

function renderForm(options: Partial<ServerFormOptions<Values, Values, string>> & Pick<ServerFormOptions<Values, Values, string>, 'submit'>) {
  return renderHook(() =>
    useServerForm<Values, Values, string>({ schema: async () => Schema, defaultValues: { name: 'a', note: '' }, fields: ['name', 'note'], ...options }),
  );
}

describe('useServerForm', () => {
  it('runs the call under the progress spinner and hands its answer and the values to onSuccess', async () => {
    const seen: unknown[] = [];
    let answer: (() => void) | undefined;
    const hook = renderForm({
      submit: (values) => new Promise((resolve) => (answer = () => resolve(`saved ${values.name}`))),
      onSuccess: (saved, values) => void seen.push(saved, values),
    });
    let submitted: Promise<void> = Promise.resolve();
    await act(async () => {
      submitted = hook.result.current.onSubmit();
      // The schema (and zod's resolver) load on the first validation: the call starts after them.
      await vi.waitFor(() => expect(progressStore.get()).toBe(1));
    });
    expect(hook.result.current.pending).toBe(true);
    await act(async () => {
      answer?.();
      await submitted;
    });
    expect(progressStore.get()).toBe(0);
    expect(hook.result.current.pending).toBe(false);
    expect(seen).toEqual(['saved a', { name: 'a', note: '' }]);
    expect(hook.result.current.formError).toBeUndefined();
  });

  it('puts field errors next to their fields (body.<field> and aliases) and leaves the form error empty when all found a place', async () => {
    const hook = renderForm({
      aliases: { 'body.wrapper.note': 'note' },
      submit: () =>
        Promise.reject(
          refusal([
            { field: 'body.name', message: 'Name taken.' },
            { field: 'body.wrapper.note', message: 'Note too long.' },
          ]),
        ),
    });
    await act(() => hook.result.current.onSubmit());
    expect(hook.result.current.form.getFieldState('name').error?.message).toBe('Name taken.');
    expect(hook.result.current.form.getFieldState('note').error?.message).toBe('Note too long.');
    expect(hook.result.current.formError).toBeUndefined();
  });

  it('shows a failure no field holds as the form error, and clears it when the next submit starts', async () => {
    let fail = true;
    const hook = renderForm({
      submit: () => (fail ? Promise.reject(refusal([{ field: 'body.other', message: 'Elsewhere.' }])) : Promise.resolve('ok')),
    });
    await act(() => hook.result.current.onSubmit());
    expect(hook.result.current.formError).toBe('Refused as a whole.');
    fail = false;
    await act(() => hook.result.current.onSubmit());
    expect(hook.result.current.formError).toBeUndefined();
  });

  it('lets a form word its own error, or place a failure itself', async () => {
    const worded = renderForm({
      submit: () => Promise.reject(refusal([{ field: 'body.name', message: 'Name taken.' }])),
      formErrorText: (text) => `Failed. ${text}`,
    });
    await act(() => worded.result.current.onSubmit());
    expect(worded.result.current.formError).toBe('Failed. Refused as a whole.');

    const placed = renderForm({
      submit: () => Promise.reject(refusal([{ field: 'body.name', message: 'Name taken.' }])),
      handleError: () => true,
    });
    await act(() => placed.result.current.onSubmit());
    expect(placed.result.current.form.getFieldState('name').error).toBeUndefined();
    expect(placed.result.current.formError).toBeUndefined();
  });
});
