import { useLoaderData } from 'react-router';
import { NotFoundPage } from '../../features/errors/pages/NotFoundPage.tsx';
import { PageSpinner } from '../../shared/ui/PageSpinner.tsx';
import type { PartnerLoaderData } from '../route-objects.ts';

/** /partners/...: the browser is already leaving for the partner center, or the page does not exist. */
export function PartnerRedirectPage() {
  const data = useLoaderData() as PartnerLoaderData | undefined;
  return data?.redirecting ? <PageSpinner /> : <NotFoundPage />;
}
