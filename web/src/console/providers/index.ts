import { createElement, Fragment } from 'react';
import { Route } from 'react-router';
import { ProviderIcon } from '../shared/icons';
import { ProviderCredits } from './ProviderCredits';
import { ProviderList } from './ProviderList';
import { ProviderUsers } from './ProviderUsers';

/**
 * Admin: providers, their users and their credits (routes of their own: /admin/providers/:id/users and
 * /admin/providers/:id/credits) and impersonation.
 */
export default {
  list: ProviderList,
  icon: ProviderIcon,
  recordRepresentation: 'name',
  children: createElement(
    Fragment,
    null,
    createElement(Route, { path: ':id/users', element: createElement(ProviderUsers) }),
    createElement(Route, { path: ':id/credits', element: createElement(ProviderCredits) }),
  ),
};
