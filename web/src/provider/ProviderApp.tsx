import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from './pages/NotFoundPage';
import { PropertiesPage } from './pages/PropertiesPage';
import { ProviderLayout } from './ProviderLayout';

// Each page beyond the first is loaded when it is opened (the layout wraps pages in Suspense).
const SettingsPage = lazy(() => import('./pages/SettingsPage'));
const DevelopersPage = lazy(() => import('./pages/DevelopersPage'));
const TeamPage = lazy(() => import('./pages/TeamPage'));
const BillingPage = lazy(() => import('./pages/BillingPage'));
const CreditsPage = lazy(() => import('./pages/CreditsPage'));
const PropertyPage = lazy(() => import('./pages/PropertyPage'));
const TourSpacePage = lazy(() => import('./pages/TourSpacePage'));
const StagingPage = lazy(() => import('./pages/StagingPage'));
const StagingEditorPage = lazy(() => import('./pages/StagingEditorPage'));
const DigitalTwinPage = lazy(() => import('./pages/DigitalTwinPage'));
const OrdersPage = lazy(() => import('./pages/OrdersPage'));
const FloorplansPage = lazy(() => import('./pages/FloorplansPage'));
const OrderPage = lazy(() => import('./pages/OrderPage'));
const ClientsPage = lazy(() => import('./pages/ClientsPage'));
const ClientPage = lazy(() => import('./pages/ClientPage'));
const ContactsPage = lazy(() => import('./pages/ContactsPage'));
const BookingsPage = lazy(() => import('./pages/BookingsPage'));
const BookingSetupPage = lazy(() => import('./pages/BookingSetupPage'));
const BookingPage = lazy(() => import('./pages/BookingPage'));
const PortalPreviewPage = lazy(() => import('./pages/PortalPreviewPage'));
const HostingFeesPage = lazy(() => import('./pages/HostingFeesPage'));
// With Chart.js, which no other page loads.
const AnalyticsPage = lazy(() => import('./pages/AnalyticsPage'));
const PropertyAnalyticsPage = lazy(() => import('./pages/PropertyAnalyticsPage'));

/** Every path outside the console areas: the provider pages, and "not found" for the rest. */
export function ProviderApp() {
  return (
    <Routes>
      <Route element={<ProviderLayout />}>
        <Route index element={<Navigate to="/provider/properties" replace />} />
        <Route path="provider" element={<Navigate to="/provider/properties" replace />} />
        <Route path="provider/properties" element={<PropertiesPage />} />
        <Route path="provider/properties/:id" element={<PropertyPage />} />
        <Route path="provider/properties/:id/virtual-tour/space" element={<TourSpacePage />} />
        <Route path="provider/properties/:id/vt_staging" element={<StagingPage />} />
        <Route path="provider/properties/:id/vt_staging/edit" element={<StagingEditorPage />} />
        <Route path="provider/properties/:id/digital-twin" element={<DigitalTwinPage />} />
        <Route path="provider/properties/:id/analytics" element={<PropertyAnalyticsPage />} />
        <Route path="provider/orders" element={<OrdersPage />} />
        <Route path="provider/orders/:id" element={<OrderPage />} />
        <Route path="provider/floorplans" element={<FloorplansPage />} />
        <Route path="provider/bookings" element={<BookingsPage />} />
        <Route path="provider/bookings/setup" element={<BookingSetupPage />} />
        <Route path="provider/bookings/:id" element={<BookingPage />} />
        <Route path="provider/clients" element={<ClientsPage />} />
        <Route path="provider/clients/:id" element={<ClientPage />} />
        <Route path="provider/clients/:id/portal_preview" element={<PortalPreviewPage />} />
        <Route
          path="provider/clients/:id/portal_preview/properties/:propertyId"
          element={<PortalPreviewPage />}
        />
        <Route path="provider/contacts" element={<ContactsPage />} />
        <Route path="provider/analytics" element={<AnalyticsPage />} />
        <Route path="provider/hosting_fees/*" element={<HostingFeesPage />} />
        <Route path="provider/settings" element={<SettingsPage />} />
        <Route path="provider/settings/developers" element={<DevelopersPage />} />
        <Route path="provider/settings/team" element={<TeamPage />} />
        <Route path="provider/billing" element={<BillingPage />} />
        <Route path="provider/billing/credits" element={<CreditsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
