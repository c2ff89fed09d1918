import { Link, Route, Routes, useLocation } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import { useBilling } from '../features/billing/BillingContext';
import { CustomersTab } from '../features/hostingFees/components/CustomersTab';
import { InvoicesTab } from '../features/hostingFees/components/InvoicesTab';
import { MerchantAccountGate } from '../features/hostingFees/components/MerchantAccountGate';
import { SubscriptionDetails } from '../features/hostingFees/components/SubscriptionDetails';
import { SubscriptionsTab } from '../features/hostingFees/components/SubscriptionsTab';
import '../features/clients/clients.css';
import '../features/hostingFees/hostingFees.css';
import {
  HOSTING_CUSTOMERS_PATH,
  HOSTING_FEES_PATH,
  HOSTING_INVOICES_PATH,
} from '../features/hostingFees/paths';
import { useMerchantAccountQuery } from '../features/hostingFees/queries';
import { NotFoundPage } from './NotFoundPage';

/** Each tab, and whether a path is under it (a subscription's page is under Subscriptions). */
const TABS = [
  {
    to: HOSTING_FEES_PATH,
    label: 'Subscriptions',
    covers: (path: string) =>
      path === HOSTING_FEES_PATH || path.startsWith(`${HOSTING_FEES_PATH}/subscriptions`),
  },
  { to: HOSTING_INVOICES_PATH, label: 'Invoices', covers: (path: string) => path === HOSTING_INVOICES_PATH },
  {
    to: HOSTING_CUSTOMERS_PATH,
    label: 'Customers',
    covers: (path: string) => path === HOSTING_CUSTOMERS_PATH,
  },
];

/**
 * `/provider/hosting_fees/*`: what the provider bills its clients for keeping their tours online, through its own
 * merchant account (Stripe): the subscriptions (and one's page with its invoices), the invoices (void, PDF, the
 * payment link to send) and the customers. Until the merchant account is active, what to do first instead.
 */
export default function HostingFeesPage() {
  const account = useMerchantAccountQuery();
  const { canManageBilling } = useBilling();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, '');

  return (
    <div className="page hosting-fees-page">
      <title>{`Hosting fees · ${PRODUCT_NAME}`}</title>
      <h1>Hosting fees</h1>
      {account.error ? (
        <ErrorDisplay error={account.error} />
      ) : !account.data ? (
        <Loading />
      ) : account.data.status !== 'active' ? (
        <MerchantAccountGate account={account.data} canManage={canManageBilling} />
      ) : (
        <>
          <nav className="sub-nav" aria-label="Hosting fees">
            <ul>
              {TABS.map((tab) => (
                <li key={tab.to}>
                  <Link to={tab.to} aria-current={tab.covers(path) ? 'page' : undefined}>
                    {tab.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Routes>
            <Route index element={<SubscriptionsTab />} />
            <Route path="subscriptions/:id" element={<SubscriptionDetails />} />
            <Route path="invoices" element={<InvoicesTab />} />
            <Route path="customers" element={<CustomersTab />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </>
      )}
    </div>
  );
}
