import Alert from '@cloudscape-design/components/alert';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { orgProductUisQuery } from '../../../data/products/queries.ts';
import { consoleConfigQuery } from '../../../shared/config/console-config.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { usePageDark } from '../../../shared/appearance/appearance.ts';
import { acceptsProductMessage, orgFrameSrcOf } from '../product-frame.ts';

/** The same sandbox as a project's product page (ProductPage): the PROXY page is served by the console itself. */
const PRODUCT_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

/**
 * An organization service's own page in the console (its ORG menu entry, iframe through the
 * proxy's organization mode). Open to the service's SaaS members: others are told to add
 * themselves (the proxy would refuse them). Messages from the frame: resize and toast, from the
 * frame only, under the same origin rules as a project's product page.
 */
export function OrgProductFrame(props: { orgId: string; productId: string; name: string; saasRole: string | null }) {
  const { orgId, productId, name, saasRole } = props;
  const { t, i18n } = useTranslation();
  // Not suspended on the config: until it is read, only the console's own origin (the PROXY page) is heard.
  const config = useQuery(consoleConfigQuery()).data;
  const productDomain = config?.productDomain ?? null;
  const productMessageOrigins = config?.productMessageOrigins;
  const entries = useQuery(orgProductUisQuery(i18n.language));
  const frame = useRef<HTMLIFrameElement>(null);
  // The product's page is loaded in the console's theme, and loaded again when the theme changes.
  const theme = usePageDark() ? 'dark' : 'light';
  const [height, setHeight] = useState(360);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      if (!acceptsProductMessage(event.origin, window.location.origin, import.meta.env.PROD, productDomain, productMessageOrigins)) return;
      const data = event.data as { type?: string; height?: number; toastType?: string; message?: string } | null;
      if (!data || typeof data.type !== 'string') return;
      if (data.type === 'console:resize' && typeof data.height === 'number' && data.height > 0) {
        setHeight(Math.min(Math.max(Math.round(data.height), 200), 5000));
      } else if (data.type === 'console:toast' && typeof data.message === 'string') {
        const type = data.toastType === 'error' || data.toastType === 'warning' || data.toastType === 'success' ? data.toastType : 'info';
        toasts.show({ type, content: data.message.slice(0, 500) });
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [productDomain, productMessageOrigins]);

  if (!entries.data) return null;
  const entry = entries.data.find((ui) => ui.productId === productId);
  const src = entry ? orgFrameSrcOf(entry, { orgId, lang: i18n.language.slice(0, 2), theme }) : undefined;
  if (!src) return null;
  if (!saasRole) return <Alert type="info" data-testid="org-product-not-member">{t('services.orgFrame.notMember', { name })}</Alert>;
  return (
    <iframe
      ref={frame}
      data-testid="org-product-frame"
      title={t('services.frameTitle', { name })}
      src={src}
      sandbox={PRODUCT_FRAME_SANDBOX}
      style={{ width: '100%', height, border: 0 }}
    />
  );
}
