import { createElement, Fragment } from 'react';
import { Navigate, Route, useParams } from 'react-router';
import { useBasename } from 'react-admin';
import { ProviderIcon } from '../shared/icons';
import { ProviderList } from './ProviderList';
import { ProviderShow } from './ProviderShow';
import { providerPagePath, type ProviderTab } from './tabs';

/** Addresses from before the provider's page had tabs (and its short address): the page, at that tab. */
function ToProviderPage({ tab = '' }: { tab?: ProviderTab }) {
  const { id = '' } = useParams();
  const basename = useBasename();
  return createElement(Navigate, { to: providerPagePath(basename, id, tab), replace: true });
}

/**
 * Admin: providers (the list, searched and filtered by tag) and each provider's page (react-admin's show,
 * /admin/providers/{id}/show/<tab>), where every record of the provider is a tab; impersonation.
 */
export default {
  list: ProviderList,
  show: ProviderShow,
  icon: ProviderIcon,
  options: { label: 'Providers' },
  recordRepresentation: 'name',
  children: createElement(
    Fragment,
    null,
    createElement(Route, { path: ':id', element: createElement(ToProviderPage) }),
    createElement(Route, { path: ':id/users', element: createElement(ToProviderPage, { tab: 'users' }) }),
    createElement(Route, { path: ':id/credits', element: createElement(ToProviderPage, { tab: 'credits' }) }),
  ),
};
