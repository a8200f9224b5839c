import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LocaleProvider } from '../shared/i18n/LocaleProvider.tsx';
import type { LocaleResources } from '../shared/i18n/switch-locale.ts';

/** Server state and language around the router. */
export function AppProviders({
  queryClient,
  initialLocale,
  children,
}: {
  queryClient: QueryClient;
  initialLocale: LocaleResources;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider initial={initialLocale}>{children}</LocaleProvider>
    </QueryClientProvider>
  );
}
