import { listDevOutbox, listDevSmsOutbox } from '@console/contracts/refs/console';
import { listOrganizations } from '@console/contracts/refs/organizations';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { ORG_ID } from '../../../test/fixtures.ts';
import { mockFetch, ok } from '../../../test/http.ts';
import { DevOutboxPage } from './DevOutboxPage.tsx';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** One kept message: the caller's own, or the organization's. */
const sms = (orgId: string | null) => ({
  smsId: orgId ? 's-org' : 's-own',
  to: '+82-10-1234-5678',
  kind: 'alarm.FIRING',
  text: orgId ? '[Alarm raised] Org spike' : '[Alarm raised] My spike',
  locale: 'en_US',
  orgId: ORG_ID,
  createdDateTime: '2026-11-27T10:00:00.000Z',
});

describe('the dev outbox', () => {
  it('shows the text messages kept in the SMS outbox on their own tab (the caller’s own by default)', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/cab/v7/organizations': () => ok(listOrganizations, { orgs: [], paging: { page: 1, limit: 100, totalCount: 0 } }),
      'GET /api/console/v1/dev-outbox': () => ok(listDevOutbox, { mails: [], paging: { page: 1, limit: 10, totalCount: 0 } }),
      'GET /api/console/v1/dev-outbox/sms': (request) => {
        const orgId = request.url.searchParams.get('orgId');
        return ok(listDevSmsOutbox, { messages: [sms(orgId)], paging: { page: 1, limit: 20, totalCount: 1 } });
      },
    });
    renderConsole([{ path: '/dev/outbox', Component: DevOutboxPage }], '/dev/outbox', english);
    await screen.findByTestId('dev-outbox-empty');
    // The scope picker names what the open tab lists: mails, then text messages.
    expect(screen.getByTestId('dev-outbox-scope').textContent).toContain('Mails to me');
    await user.click(screen.getByRole('tab', { name: 'Text messages (SMS)' }));
    const table = await screen.findByTestId('dev-sms-table', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(table).getByText('[Alarm raised] My spike')).toBeTruthy());
    expect(within(table).getByText('+82-10-1234-5678')).toBeTruthy();
    expect(screen.getByTestId('dev-outbox-scope').textContent).toContain('Text messages to me');
    expect(screen.getByTestId('dev-outbox-scope').textContent).not.toContain('Mails');
    expect(within(table).getByText('alarm.FIRING')).toBeTruthy();
    expect(requests.some((request) => request.url.pathname === '/api/console/v1/dev-outbox/sms' && !request.url.searchParams.has('orgId'))).toBe(true);
  });
});
