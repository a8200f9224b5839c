import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '../../../shared/i18n/switch-locale.ts';
import { SignInLockoutConfirm, type SignInLockoutPreview } from './SignInLockoutConfirm.tsx';

beforeAll(async () => {
  await switchLocale('en_US');
});
afterEach(() => cleanup());

const member = { iamMemberId: 'm1', userCode: 'many.user', name: 'Many', email: 'many@example.com', impact: 'SESSIONS_END' as const, sessionsEnding: 2 };
const preview = (self: SignInLockoutPreview['self']): SignInLockoutPreview => ({ self, members: [member], checkedMembers: 3, lockedOutMembers: 0, confirmationText: 'Security Org' });

describe('SignInLockoutConfirm', () => {
  it('lists the affected IAM accounts with what changes, and says a cloud admin is not affected', async () => {
    const onConfirm = vi.fn();
    render(<SignInLockoutConfirm preview={preview({ applies: false, impact: null, lockedOut: false })} onConfirm={onConfirm} onCancel={() => {}} />);
    expect(screen.getByTestId('sign-in-lockout-self-line').textContent).toContain('cloud account');
    expect(screen.getByTestId('sign-in-lockout-members').textContent).toContain('2 open session(s) end now');
    expect(screen.getByTestId('sign-in-lockout-members').textContent).toContain('(of 3 checked)');
    expect(screen.queryByTestId('sign-in-lockout-no-address')).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByTestId('sign-in-lockout-confirm'));
    expect(onConfirm).toHaveBeenCalledWith(undefined);
  });

  it('wants the organization name typed when the change ends the admin’s own session', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn();
    render(<SignInLockoutConfirm preview={preview({ applies: true, impact: 'SESSIONS_END', lockedOut: true })} onConfirm={onConfirm} onCancel={() => {}} />);
    expect(screen.getByTestId('sign-in-lockout-self')).toBeTruthy();
    const confirm = screen.getByTestId('sign-in-lockout-confirm');
    expect(confirm.hasAttribute('disabled') || confirm.getAttribute('aria-disabled') === 'true').toBe(true);
    await user.type(screen.getByTestId('sign-in-lockout-input').querySelector('input')!, 'Security Org');
    await user.click(screen.getByTestId('sign-in-lockout-confirm'));
    expect(onConfirm).toHaveBeenCalledWith('Security Org');
  });

  it('calls out the accounts a mailed-code rule locks out because they have no email address', () => {
    const noAddress = { ...member, iamMemberId: 'm2', userCode: 'no.mail', email: '', impact: 'NO_EMAIL_ADDRESS' as const, sessionsEnding: 0 };
    const mailed = { ...member, impact: 'EMAIL_CODE' as const, sessionsEnding: 0 };
    render(
      <SignInLockoutConfirm
        preview={{ self: { applies: false, impact: null, lockedOut: false }, members: [noAddress, mailed], checkedMembers: 2, lockedOutMembers: 1, confirmationText: 'Security Org' }}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByTestId('sign-in-lockout-no-address').textContent).toContain('1 account(s) would be locked out');
    const rows = screen.getByTestId('sign-in-lockout-members').textContent;
    expect(rows).toContain('Has no email address: cannot sign in at all (locked out)');
    expect(rows).toContain('Gets a code by email at each sign-in');
  });
});
