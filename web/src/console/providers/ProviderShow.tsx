import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ShowBase, Title, useBasename, useCanAccess, useShowContext } from 'react-admin';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { TextButton } from '../shared/TextButton';
import { AuditTab } from './AuditTab';
import { BillingTab } from './billing/BillingTab';
import { BookingsTab } from './BookingsTab';
import { ClientsTab } from './ClientsTab';
import { DomainTab } from './DomainTab';
import { FloorplanConfigurationTab } from './FloorplanConfigurationTab';
import { ImpersonationsTab } from './ImpersonationsTab';
import { OrdersTab } from './OrdersTab';
import { OverviewTab } from './OverviewTab';
import { PlayerLinkNamespacesTab } from './PlayerLinkNamespacesTab';
import { ProviderCredits } from './ProviderCredits';
import { PropertiesTab } from './PropertiesTab';
import { ProviderUsers } from './ProviderUsers';
import { PROVIDER_TABS, providerPagePath, tabOf, type ProviderTab } from './tabs';
import { TagChip } from './TagChip';
import { ToursTab } from './ToursTab';
import type { ProviderRecord } from './types';
import { useImpersonate } from './useImpersonate';

/** What each tab shows, given the provider. */
const TAB_CONTENT: Record<ProviderTab, (provider: ProviderRecord) => ReactNode> = {
  '': (provider) => <OverviewTab provider={provider} />,
  users: (provider) => <ProviderUsers provider={provider} />,
  properties: (provider) => <PropertiesTab provider={provider} />,
  tours: (provider) => <ToursTab provider={provider} />,
  player_link_namespaces: (provider) => <PlayerLinkNamespacesTab provider={provider} />,
  orders: (provider) => <OrdersTab provider={provider} />,
  bookings: (provider) => <BookingsTab provider={provider} />,
  clients: (provider) => <ClientsTab provider={provider} />,
  floorplan_configuration: (provider) => <FloorplanConfigurationTab provider={provider} />,
  billing: (provider) => <BillingTab provider={provider} />,
  credits: (provider) => <ProviderCredits provider={provider} />,
  domain: (provider) => <DomainTab provider={provider} />,
  impersonations: (provider) => <ImpersonationsTab provider={provider} />,
  audit: (provider) => <AuditTab provider={provider} />,
};

/**
 * The provider's page (react-admin's show of `providers`, GET /admin/providers/{id}): its name, tag and
 * "Impersonate" above tabs, one per kind of record, each at its own address (/admin/providers/{id}/show/<tab>) and
 * paged on the server where the API pages. The tabs scroll sideways on a phone.
 */
export function ProviderShow() {
  return (
    <ShowBase>
      <ProviderPage />
    </ShowBase>
  );
}

function ProviderPage() {
  const { record: provider, error, isPending } = useShowContext<ProviderRecord>();
  const basename = useBasename();
  const params = useParams();
  const current = tabOf(params['*']);
  const { canAccess: canImpersonate } = useCanAccess({ resource: 'providers', action: 'impersonate' });
  const { impersonate, isPending: impersonating } = useImpersonate();

  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (isPending || !provider) return <Typography role="status">Loading the provider…</Typography>;
  const label = PROVIDER_TABS.find((tab) => tab.path === current)?.label;

  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2, mb: 4, minWidth: 0 }}>
      <Title title={label && current !== '' ? `${provider.name} · ${label}` : provider.name} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {provider.name}
        </Typography>
        {provider.tag && <TagChip tag={provider.tag} />}
        <Box sx={{ flexGrow: 1 }} />
        {canImpersonate && (
          <TextButton
            label="Impersonate"
            aria-label={`Impersonate ${provider.name}`}
            variant="contained"
            disabled={impersonating}
            onClick={() => void impersonate(provider)}
          />
        )}
        <TextButton to={`${basename}/providers`} label="Back to providers" />
      </Box>
      <Tabs
        value={current ?? false}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={`Records of ${provider.name}`}
        sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
      >
        {PROVIDER_TABS.map((tab) => (
          <Tab
            key={tab.path}
            value={tab.path}
            label={tab.label}
            component={Link}
            to={providerPagePath(basename, provider.id, tab.path)}
            id={`provider-tab-${tab.path || 'overview'}`}
          />
        ))}
      </Tabs>
      <Routes>
        {PROVIDER_TABS.map((tab) => {
          const element = <TabPanel tab={tab.path}>{TAB_CONTENT[tab.path](provider)}</TabPanel>;
          return tab.path === '' ? (
            <Route key="overview" index element={element} />
          ) : (
            <Route key={tab.path} path={`${tab.path}/*`} element={element} />
          );
        })}
        <Route path="*" element={<Navigate to={providerPagePath(basename, provider.id)} replace />} />
      </Routes>
    </Box>
  );
}

/** One tab's page: a panel named by its tab (the selected tab says what it shows; its sections have headings). */
function TabPanel({ tab, children }: { tab: ProviderTab; children: ReactNode }) {
  return (
    <Box
      component="section"
      role="tabpanel"
      aria-labelledby={`provider-tab-${tab || 'overview'}`}
      sx={{ display: 'grid', gap: 2, minWidth: 0 }}
    >
      {children}
    </Box>
  );
}
