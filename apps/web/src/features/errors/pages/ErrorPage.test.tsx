import { getClientIp } from '@console/contracts/refs/organizations';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { fail, mockFetch, ok } from '../../../test/http.ts';
import { ErrorPage } from './ErrorPage.tsx';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderError = (path: string, locale: LocaleResources) =>
  renderConsole([{ path: '/error/:errorId', Component: ErrorPage }], path, locale);

describe('the IP error pages', () => {
  it('show the access IP and country the server sees, also when opened without them in the address', async () => {
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/cab/v4/ip-acl/ip': () => ok(getClientIp, { clientIp: '203.0.113.9', countryCode: 'JP' }),
    });
    renderError('/error/ip-acl', english);
    await waitFor(() => expect(screen.getByTestId('error-client-ip').textContent).toBe('203.0.113.9'));
    expect(screen.getByTestId('error-country').textContent).toBe('Japan (JP)');
    expect(screen.getByText('Access IP')).toBeTruthy();
    expect(screen.getByText('Access country')).toBeTruthy();
    expect(requests.filter((request) => request.url.pathname === '/api/cab/v4/ip-acl/ip')).toHaveLength(1);
    cleanup();

    renderError('/error/country-ip-acl', english);
    await waitFor(() => expect(screen.getByTestId('error-country').textContent).toBe('Japan (JP)'));
    expect(screen.getByTestId('error-page-country-ip-acl')).toBeTruthy();
  });

  it('say the country is unknown when the server does not know it, in the console’s language', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/cab/v4/ip-acl/ip': () => ok(getClientIp, { clientIp: '198.51.100.4', countryCode: null }),
    });
    renderError('/error/ip-acl', english);
    await waitFor(() => expect(screen.getByTestId('error-client-ip').textContent).toBe('198.51.100.4'));
    expect(screen.getByTestId('error-country').textContent).toBe('Unknown');
    cleanup();

    const korean = await switchLocale('ko_KR');
    try {
      renderError('/error/ip-acl', korean);
      await waitFor(() => expect(screen.getByTestId('error-country').textContent).toBe('알 수 없음'));
      expect(screen.getByText('접속 IP')).toBeTruthy();
    } finally {
      await switchLocale('en_US');
    }
  });

  it('keep the IP of the refused call when the server cannot be asked', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/cab/v4/ip-acl/ip': () => fail(503, { resultCode: 10503 }),
    });
    renderError('/error/ip-acl?clientIp=192.0.2.10', english);
    await waitFor(() => expect(screen.getByTestId('error-country').textContent).toBe('Unknown'));
    expect(screen.getByTestId('error-client-ip').textContent).toBe('192.0.2.10');
  });

  it('names the country in Korean on a Korean console', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/cab/v4/ip-acl/ip': () => ok(getClientIp, { clientIp: '203.0.113.9', countryCode: 'JP' }),
    });
    const korean = await switchLocale('ko_KR');
    try {
      renderError('/error/ip-acl', korean);
      await waitFor(() => expect(screen.getByTestId('error-country').textContent).toBe('일본 (JP)'));
      expect(screen.getByText('접속 국가')).toBeTruthy();
    } finally {
      await switchLocale('en_US');
    }
  });
});
