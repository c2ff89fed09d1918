import { createElement } from 'react';
import { Route } from 'react-router';
import { ProviderList } from './ProviderList';
import { ProviderUsers } from './ProviderUsers';

/** Admin: providers, their users (a route of its own: /admin/providers/:id/users) and impersonation. */
export default {
  list: ProviderList,
  recordRepresentation: 'name',
  children: createElement(Route, { path: ':id/users', element: createElement(ProviderUsers) }),
};
