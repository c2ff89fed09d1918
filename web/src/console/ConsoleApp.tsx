import { useMemo } from 'react';
import { Admin, Resource, localStorageStore, type DashboardComponent } from 'react-admin';
import { PRODUCT } from '@tourly/contracts';
import { queryClient } from '../shared/queryClient';
import { PRODUCT_NAME } from '../shared/strings';
import { readMeta } from '../api/meta';
import { readStaffRole } from '../api/role';
import { AccessDenied } from './AccessDenied';
import { AREA_STAFF, homeOf } from './access';
import { AREA_LABELS, type ConsoleArea } from './areas';
import { authProvider } from './authProvider';
import { ConsoleLayout } from './ConsoleLayout';
import { Dashboard } from './Dashboard';
import { createDataProvider } from './dataProvider';
import { AREA_RESOURCES } from './resources';
import { createConsoleTheme } from './theme';

// react-admin renders the dashboard itself, so each area gets its own component.
const DASHBOARDS: Record<ConsoleArea, DashboardComponent> = {
  admin: () => <Dashboard area="admin" />,
  virtual_assistant: () => <Dashboard area="virtual_assistant" />,
  external_supplier: () => <Dashboard area="external_supplier" />,
};

/** The react-admin console of one back-office area, mounted by the app's router under `/<area>/*`. */
export default function ConsoleApp({ area }: { area: ConsoleArea }) {
  // Signed in (the page carries a session's CSRF token) as someone this area is not for: said before anything loads.
  const staffRole = readStaffRole();
  if (readMeta('csrf-token') && !(staffRole && AREA_STAFF[area].includes(staffRole))) {
    return <AccessDenied area={area} home={homeOf(staffRole, readMeta('current-role'))} />;
  }
  return <Console area={area} />;
}

function Console({ area }: { area: ConsoleArea }) {
  const basename = `/${area}`;
  const dataProvider = useMemo(() => createDataProvider(basename), [basename]);
  const store = useMemo(() => localStorageStore(undefined, `${PRODUCT}-${area}`), [area]);
  const theme = useMemo(createConsoleTheme, []);

  return (
    <Admin
      disableTelemetry
      basename={basename}
      title={`${PRODUCT_NAME} ${AREA_LABELS[area].toLowerCase()}`}
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      loginPage={false}
      layout={ConsoleLayout}
      dashboard={DASHBOARDS[area]}
      store={store}
      theme={theme}
    >
      {/* A function child: with no Resource elements react-admin would replace the dashboard with its
          "empty admin" welcome page. */}
      {() => AREA_RESOURCES[area].map((resource) => <Resource key={resource.name} {...resource} />)}
    </Admin>
  );
}
