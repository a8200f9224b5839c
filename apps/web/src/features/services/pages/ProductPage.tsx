import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import type { ProductUi } from '@console/contracts/products';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { productHierarchyQuery, servicesInUseQuery } from '../../../data/products/queries.ts';
import { requestContext } from '../../../shared/api/request-context.ts';
import { useConsoleConfig } from '../../../shared/config/console-config.ts';
import { useStore } from '../../../shared/lib/store.ts';
import { paths } from '../../../shared/paths.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { frameSrcOf, manualLinkOf } from '../product-frame.ts';
import { useProductFrame } from '../use-product-frame.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/** The URL & Appkey dialog's body (its fields), loaded when the dialog opens (issue 16). */
const UrlAppkeyBody = onDemand(() => import('../components/UrlAppkeyModal.tsx').then((module) => module.UrlAppkeyBody));

/**
 * services-design "The iframe address": the product UI needs its own origin's cookies and scripts
 * (allow-same-origin with allow-scripts). It is served under /product-proxy/ by the console for
 * signed-in callers with the product's permission, and trusted like the console's own pages.
 */
const PRODUCT_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

/**
 * /project/{projectId}/{categoryName}/{productName}#tab (spec §2): the product page of a service
 * in use. Header: title, alpha/beta badge, URL & Appkey, user guide, quick guide. Sub-menus are
 * tabs (the hash); with none chosen, the first one offered in the current region is chosen by
 * redirect. The body loads the menu entry in an iframe (PROXY through the console, or the
 * product's own URL) or offers a new window; maintenance is shown instead of the body.
 */
export function ProductPage() {
  const { projectId = '', categoryName = '', productName = '' } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const { regionCode, locale } = useStore(requestContext);
  const { productDomain, productMessageOrigins } = useConsoleConfig();
  const catalogue = useQuery(productHierarchyQuery(i18n.language, undefined));
  const inUse = useQuery(servicesInUseQuery(projectId));
  const tab = hash ? decodeURIComponent(hash.slice(1)) : '';
  const root = catalogue.data?.find((ui) => ui.categoryName === categoryName && ui.pathName === productName);
  const service = inUse.data?.find((ui) => ui.productId === root?.productId);
  const tabs = (root?.children ?? []).filter((child) => child.tabName && child.widgetType?.startsWith('SUB_MENU'));
  const regionTabs = tabs.filter((child) => child.regionCodeList.includes(regionCode));
  const current: ProductUi | undefined = tabs.find((child) => child.tabName === tab) ?? (tabs.length === 0 ? root : undefined);
  const supported = root ? root.regionCodeList.includes(regionCode) : true;

  // The product's page in the frame (its address, theme and messages: use-product-frame.ts); the
  // address is read before the early returns below, so it is undefined until the page knows it.
  const entryOf = current ?? root;
  const { frame, src, height: frameHeight } = useProductFrame({
    srcOf: (theme) =>
      entryOf && service
        ? frameSrcOf(entryOf, { projectId, appKey: service.appKey ?? '', lang: i18n.language.slice(0, 2), regionCode, theme, productUrl: service.productUrl })
        : undefined,
    initialHeight: 700,
    productDomain,
    productMessageOrigins,
    onNavigate: (tabName) => {
      if (tabs.some((child) => child.tabName === tabName)) void navigate({ hash: `#${encodeURIComponent(tabName)}` });
    },
  });

  // Spec §2: a region that does not offer the service asks to change region and go to the dashboard.
  useEffect(() => {
    if (!root || supported) return;
    let cancelled = false;
    void modals
      .confirm({
        key: 'product-region-unsupported',
        header: t('services.regionUnsupportedTitle'),
        content: t('services.regionUnsupported', { name: root.productUiName, region: regionCode }),
        confirmText: t('services.changeRegion'),
      })
      .then((confirmed) => {
        if (confirmed && !cancelled) void navigate(paths.project(projectId).dashboard);
      });
    return () => {
      cancelled = true;
    };
  }, [root, supported, regionCode, navigate, projectId, t]);

  if (catalogue.isPending || inUse.isPending) return <PageSpinner />;
  if (catalogue.isError) return <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  if (inUse.isError) return <ErrorState error={inUse.error} onRetry={() => void inUse.refetch()} />;
  if (!root || !service) {
    return (
      <Box padding="l">
        <SpaceBetween size="m">
          <Alert type="info">{t('services.notEnabledHere', { name: root?.productUiName ?? productName })}</Alert>
          <RouterButton href={paths.project(projectId).services}>{t('services.goServices')}</RouterButton>
        </SpaceBetween>
      </Box>
    );
  }
  // No tab chosen (or one this region does not offer): the first sub-menu offered here.
  if (tabs.length > 0 && (!current || !current.regionCodeList.includes(regionCode)) && regionTabs[0]) {
    return <Navigate replace to={paths.project(projectId).product(categoryName, productName, regionTabs[0].tabName)} />;
  }

  const manual = manualLinkOf(root.manualLink, locale);
  const quick = manualLinkOf(root.quickGuideLink, locale);
  const entry = current ?? root;

  const openModal = () =>
    void modals.custom({
      header: t('services.modalTitle'),
      render: ({ close }) => <UrlAppkeyBody projectId={projectId} productId={root.productId} onClose={() => close()} />,
    });

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {root.denyShowAppKeySecretKey ? null : <Button onClick={openModal}>{t('services.urlAppkey')}</Button>}
              {manual ? (
                <Button href={manual} target="_blank" iconName="external" iconAlign="right">
                  {t('services.userGuide')}
                </Button>
              ) : null}
              {quick ? (
                <Button href={quick} target="_blank" iconName="external" iconAlign="right">
                  {t('services.quickGuide')}
                </Button>
              ) : null}
            </SpaceBetween>
          }
        >
          <SpaceBetween direction="horizontal" size="xs">
            <span>{root.productUiName}</span>
            {root.badges
              .filter((badge) => badge === 'alpha' || badge === 'beta')
              .map((badge) => (
                <Badge key={badge} color="blue">
                  {t(`services.badge_${badge as 'alpha' | 'beta'}`)}
                </Badge>
              ))}
          </SpaceBetween>
        </Header>
      }
    >
      <SpaceBetween size="m">
        {tabs.length > 0 ? (
          <Tabs
            activeTabId={entry.tabName ?? undefined}
            onChange={({ detail }) => void navigate({ hash: `#${encodeURIComponent(detail.activeTabId)}` })}
            tabs={regionTabs.map((child) => ({ id: child.tabName!, label: child.productUiName }))}
          />
        ) : null}
        {entry.isMaintenance || root.isMaintenance ? (
          <Alert type="warning">{t('services.maintenance')}</Alert>
        ) : entry.linkTargetCode === 'NEW' ? (
          <Box>
            <SpaceBetween size="s">
              <span>{t('services.newWindow', { name: entry.productUiName })}</span>
              {src ? (
                <Button href={src} target="_blank" iconName="external" iconAlign="right">
                  {t('services.openNewWindow')}
                </Button>
              ) : null}
            </SpaceBetween>
          </Box>
        ) : src ? (
          <iframe
            ref={frame}
            data-testid="product-frame"
            title={t('services.frameTitle', { name: root.productUiName })}
            src={src}
            sandbox={PRODUCT_FRAME_SANDBOX}
            style={{ width: '100%', height: frameHeight, border: 0 }}
          />
        ) : null}
      </SpaceBetween>
    </ContentLayout>
  );
}
