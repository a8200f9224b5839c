import { memberLogin } from '@console/contracts/refs/auth';
import { getMessageBundle } from '@console/contracts/refs/i18n';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import type { LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { switchLocale } from '../../../shared/i18n/switch-locale.ts';
import { session } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { fill } from '../../../test/fill.ts';
import { LoginPage } from './LoginPage.tsx';

const SESSION = session({ uuid: 'u1' });

/** The server's result-code texts, as the bundle call answers them. */
const bundle = () =>
  ok(getMessageBundle, {
    messages: [{ lang: 'EN_US', messages: { 'errors.20001': 'The email or password is incorrect.' } }],
  });

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLogin(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '*', element: <p>arrived</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()} initialLocale={english}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The text the input's aria-describedby points at: what is shown next to the field. */
function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('LoginPage', () => {
  it('shows a field error next to the email field when it loses focus with a bad address', async () => {
    mockFetch({ 'GET /api/i18n/messages/bundle': bundle });
    const user = userEvent.setup({ delay: null });
    renderLogin('/login');

    const email = await screen.findByTestId('login-email');
    await user.type(email, 'not-an-email');
    await user.tab();

    await waitFor(() => expect(describedText(email)).toContain('Enter a valid email address.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const field = email.closest('[class*="form-field"]') ?? document.body;
    expect(within(field as HTMLElement).getByText('Enter a valid email address.')).toBeTruthy();
  });

  it('clears the field error as soon as the value is fixed, before the field loses focus', async () => {
    mockFetch({ 'GET /api/i18n/messages/bundle': bundle });
    const user = userEvent.setup({ delay: null });
    renderLogin('/login');

    const email = await screen.findByTestId('login-email');
    await user.type(email, 'kim@');
    await user.tab();
    await waitFor(() => expect(describedText(email)).toContain('Enter a valid email address.'));

    await user.click(email);
    await user.type(email, 'example.com');
    await waitFor(() => expect(describedText(email)).not.toContain('Enter a valid email address.'));
    expect(document.activeElement).toBe(email);
  });

  it('on an empty submit marks both fields and focuses the first one, without calling the API', async () => {
    const { requests } = mockFetch({ 'GET /api/i18n/messages/bundle': bundle });
    const user = userEvent.setup({ delay: null });
    renderLogin('/login');

    await user.click(await screen.findByTestId('login-submit'));

    const email = screen.getByTestId('login-email');
    await waitFor(() => expect(describedText(email)).toContain('Enter a value.'));
    expect(describedText(screen.getByTestId('login-password'))).toContain('Enter a value.');
    expect(document.activeElement).toBe(email);
    expect(requests.some((request) => request.url.pathname === memberLogin.path)).toBe(false);
  });

  it('shows the server field errors next to their fields and the translated code in the form', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundle,
      'POST /api/auth/v1/login': () =>
        fail(400, {
          resultCode: 20001,
          resultMessage: 'server text',
          fieldErrors: [{ field: 'password', message: 'Password expired.' }],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderLogin('/login');

    await fill(user, await screen.findByTestId('login-email'), 'kim@example.com');
    await fill(user, screen.getByTestId('login-password'), 'secret');
    await user.click(screen.getByTestId('login-submit'));

    // Cloudscape's Form also copies errorText into a hidden live region; the first copy is the visible one.
    const [formError] = await screen.findAllByTestId('login-form-error');
    expect(formError?.textContent).toBe('The email or password is incorrect.');
    expect(describedText(screen.getByTestId('login-password'))).toContain('Password expired.');
  });

  it('sends nextUrl to the API and goes where the API answers', async () => {
    const calls: RecordedRequest[] = [];
    mockFetch({
      'GET /api/i18n/messages/bundle': bundle,
      'POST /api/auth/v1/login': (request) => {
        calls.push(request);
        return ok(memberLogin, { session: SESSION, nextUrl: '/org/o1/dashboard' });
      },
    });
    const user = userEvent.setup({ delay: null });
    const router = renderLogin('/login?nextUrl=%2Forg%2Fo1%2Fdashboard');

    await fill(user, await screen.findByTestId('login-email'), ' Kim@Example.com ');
    await fill(user, screen.getByTestId('login-password'), 'secret');
    await user.click(screen.getByTestId('login-submit'));

    expect(await screen.findByText('arrived')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/org/o1/dashboard');
    expect(calls[0]?.body).toEqual({ email: 'kim@example.com', password: 'secret', nextUrl: '/org/o1/dashboard' });
  });

  it('opens the IAM account tab with the domain filled for /login?domain=', async () => {
    mockFetch({ 'GET /api/i18n/messages/bundle': bundle });
    renderLogin('/login?domain=acme');
    const domain = (await screen.findByTestId('login-domain')) as HTMLInputElement;
    expect(domain.value).toBe('acme');
    expect(screen.queryByTestId('login-email')).toBeNull();
  });
});
