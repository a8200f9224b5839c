import Alert from '@cloudscape-design/components/alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { orgProductUisQuery } from '../../../data/products/queries.ts';
import { consoleConfigQuery } from '../../../shared/config/console-config.ts';
import { orgFrameSrcOf } from '../product-frame.ts';
import { useProductFrame } from '../use-product-frame.ts';

/** The same sandbox as a project's product page (ProductPage): the PROXY page is served by the console itself. */
const PRODUCT_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

/**
 * An organization service's own page in the console (its ORG menu entry, iframe through the
 * proxy's organization mode). Open to the service's SaaS members: others are told to add
 * themselves (the proxy would refuse them). Its address, theme and messages as a project's product
 * page's (use-product-frame.ts); it has no tabs to navigate.
 */
export function OrgProductFrame(props: { orgId: string; productId: string; name: string; saasRole: string | null }) {
  const { orgId, productId, name, saasRole } = props;
  const { t, i18n } = useTranslation();
  // Not suspended on the config: until it is read, only the console's own origin (the PROXY page) is heard.
  const config = useQuery(consoleConfigQuery()).data;
  const productDomain = config?.productDomain ?? null;
  const productMessageOrigins = config?.productMessageOrigins;
  const entries = useQuery(orgProductUisQuery(i18n.language));
  const entry = entries.data?.find((ui) => ui.productId === productId);
  const { frame, src, height } = useProductFrame({
    srcOf: (theme) => (entry ? orgFrameSrcOf(entry, { orgId, lang: i18n.language.slice(0, 2), theme }) : undefined),
    initialHeight: 360,
    productDomain,
    productMessageOrigins,
  });

  if (!entries.data) return null;
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
