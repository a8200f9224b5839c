import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { switchLocale } from '../../shared/i18n/switch-locale.ts';
import { modals } from '../../shared/ui/modals.ts';
import { ModalHost } from './ModalHost.tsx';

beforeAll(async () => {
  await switchLocale('en_US');
  // The host loads its view on demand (React.lazy): load it once here, so a slow first import on a
  // busy machine does not eat the queries' one-second wait below.
  await import('./ModalView.tsx');
});
afterEach(() => {
  modals.closeAll();
  cleanup();
});

/** A form that reports whether it holds unsaved text, as the console's form modals do. */
function NameForm({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const [name, setName] = useState('');
  useEffect(() => onDirtyChange(name !== ''), [name, onDirtyChange]);
  return <input aria-label="name" value={name} onChange={(event) => setName(event.target.value)} />;
}

describe('form modals', () => {
  it('ask before a dismiss throws typed text away, and keep the text when the user stays', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ModalHost />);
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = modals.form<string>({ header: 'Form', render: ({ setDirty }) => <NameForm onDirtyChange={setDirty} /> });
    });
    await user.type(await screen.findByRole('textbox', { name: 'name' }), 'Acme');

    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await user.click(await screen.findByTestId('modal-cancel'));
    await waitFor(() => expect(screen.queryByTestId('modal-cancel')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'name' }) as HTMLInputElement).value).toBe('Acme');

    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await user.click(await screen.findByTestId('modal-confirm'));
    await expect(result).resolves.toBeUndefined();
  });

  it('close at once when nothing was typed', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ModalHost />);
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = modals.form<string>({ header: 'Form', render: ({ setDirty }) => <NameForm onDirtyChange={setDirty} /> });
    });
    await screen.findByRole('textbox', { name: 'name' });
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await expect(result).resolves.toBeUndefined();
    expect(screen.queryByTestId('modal-confirm')).toBeNull();
  });
});
