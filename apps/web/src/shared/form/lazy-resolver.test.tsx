import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { switchLocale } from '../i18n/switch-locale.ts';
import { useServerForm } from './use-server-form.ts';

const Schema = z.object({ name: z.string().min(1).max(5) });
type Values = z.output<typeof Schema>;

beforeAll(async () => {
  await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A schema loader the test answers when it chooses: the schema "loads late". */
function lateSchema() {
  const resolvers: { release?: () => void } = {};
  const arrived = new Promise<void>((resolve) => (resolvers.release = resolve));
  const release = () => resolvers.release?.();
  const loader = vi.fn(async () => {
    await arrived;
    return Schema;
  });
  return { loader, release };
}

function NameForm({ schema, submit }: { schema: () => Promise<typeof Schema>; submit: (values: Values) => Promise<unknown> }) {
  const { form, onSubmit } = useServerForm({ schema, defaultValues: { name: '' }, fields: ['name'], submit });
  const error = form.formState.errors.name?.message;
  return (
    <form onSubmit={(event) => void onSubmit(event)}>
      <input aria-label="name" {...form.register('name')} />
      {error ? <p role="alert">{error}</p> : null}
      <button type="submit">save</button>
    </form>
  );
}

describe('a form whose schema loads after its first paint (useLazyResolver)', () => {
  it('paints without asking for the schema, then asks once the browser is idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { loader, release } = lateSchema();
    render(<NameForm schema={loader} submit={async () => 'ok'} />);
    expect(screen.getByLabelText('name')).toBeTruthy();
    expect(loader).not.toHaveBeenCalled();
    act(() => idle.forEach((work) => work()));
    expect(loader).toHaveBeenCalledTimes(1);
    release();
  });

  it('shows the field message on blur once the late schema arrives (the blur waits for it)', async () => {
    const { loader, release } = lateSchema();
    render(<NameForm schema={loader} submit={async () => 'ok'} />);
    const input = screen.getByLabelText('name');
    // Typing sends input events (Preact's onChange listens to them, React's to both).
    fireEvent.input(input, { target: { value: 'too long' } });
    fireEvent.blur(input);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter no more than 5 characters.'));
  });

  it('blocks a bad submit made before the schema arrived, and lets a good one through after', async () => {
    const { loader, release } = lateSchema();
    const submit = vi.fn(async () => 'ok');
    render(<NameForm schema={loader} submit={submit} />);
    fireEvent.click(screen.getByText('save'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(submit).not.toHaveBeenCalled();
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter a value.'));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText('name'), { target: { value: 'ok' } });
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'ok' }));
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
