import { confirmOwnTotpEnrolment, getOwnTotp, startOwnTotpEnrolment } from '@console/contracts/refs/sign-in-security';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { OwnAuthenticator } from './OwnAuthenticator.tsx';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An InputField's input (its test id may sit on the input or on its wrapper). */
const inputOf = (testId: string) => {
  const element = screen.getByTestId(testId);
  return element.tagName === 'INPUT' ? element : element.querySelector('input')!;
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('OwnAuthenticator', () => {
  it('replaces the authenticator: the current code, then the new QR code and its first code; a wrong code is said on the form', async () => {
    const user = userEvent.setup({ delay: null });
    let enrolled = true;
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/iam/v4/members/self/totp': () => ok(getOwnTotp, { totp: { enrolled, enrolledAt: '2026-11-01T00:00:00Z' } }),
      'POST /api/iam/v4/members/self/totp/enrolment': (request: RecordedRequest) => {
        bodies.push(request.body);
        return ok(startOwnTotpEnrolment, { secret: SECRET, otpauthUri: `otpauth://totp/x?secret=${SECRET}`, expiresAt: '2026-11-27T00:10:00Z' });
      },
      'POST /api/iam/v4/members/self/totp/enrolment/confirm': (request: RecordedRequest) => {
        if ((request.body as { code: string }).code !== '123456') return fail(400, { resultCode: 20013, resultMessage: 'The verification code is incorrect or has expired.' });
        enrolled = true;
        return ok(confirmOwnTotpEnrolment, { totp: { enrolled: true, enrolledAt: '2026-11-27T00:01:00Z' } });
      },
    });
    renderConsole([{ path: '/login-security', Component: OwnAuthenticator }], '/login-security', english);

    expect((await screen.findByTestId('totp-status')).textContent).toContain('Set up on');
    await user.click(screen.getByTestId('totp-reenrol-start'));
    await user.type(inputOf('totp-current-code'), '654321');
    await user.click(screen.getByTestId('totp-start-submit'));
    expect((await screen.findByTestId('totp-reenrol-secret')).textContent).toBe(SECRET);
    expect(bodies).toEqual([{ currentCode: '654321' }]);

    const code = inputOf('totp-new-code');
    await user.type(code, '000000');
    await user.click(screen.getByTestId('totp-confirm-submit'));
    expect((await screen.findAllByTestId('totp-confirm-error'))[0]!.textContent).toContain('incorrect');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByTestId('totp-confirm-submit'));
    await waitFor(() => expect(screen.queryByTestId('totp-confirm-form')).toBeNull());
    expect(screen.getByTestId('totp-panel')).toBeTruthy();
  });
});
