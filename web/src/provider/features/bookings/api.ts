import type { AccessType, BookingStatus } from '@tourly/contracts';
import { api } from '../../../api/client';
import { centsOf } from '../../../shared/format';
import type { Answer } from '../../../api/types';

/** The provider's booking page with its services, who takes bookings and the setup progress. */
export type BookingPage = Answer<'/provider/booking_page', 'get'>;
export type BookingService = BookingPage['services'][number];
export type BookingMember = BookingPage['members'][number];
export type WorkingHours = BookingMember['hours'][number];
/** A booking as the provider reads it. */
export type Booking = Answer<'/provider/bookings/{id}', 'get'>;
export type CalendarDay = Answer<'/provider/bookings/calendar', 'get'>['days'][number];
/** The public form (or its preview). */
export type PublicBookingPage = Answer<'/booking_pages/{slug}', 'get'>;
export type Availability = Answer<'/booking_pages/{slug}/availability', 'get'>;
export type AddressSuggestion = Answer<'/booking_pages/{slug}/addresses', 'get'>[number];
export type BookingReceived = Answer<'/booking_pages/{slug}/bookings', 'post'>;

export interface BookingPageValues {
  slug: string;
  title: string;
  intro: string;
  timeZone: string;
  leadTimeHours: string;
  slotMinutes: string;
  accessTypes: AccessType[];
}

export interface ServiceValues {
  name: string;
  description: string;
  durationMinutes: string;
  /** In the currency's units as typed ("250.00"). */
  price: string;
  currency: string;
}

export interface BookingsQuery {
  page: number;
  pageSize: number;
  from?: string;
  to?: string;
  status?: BookingStatus;
  q?: string;
}

export interface BookingRequestValues {
  serviceIds: string[];
  startsAt: string;
  address: string;
  accessType: string;
  accessDetails: string;
  fullName: string;
  emailAddress: string;
  phoneNumber: string;
  agencyName: string;
  notes: string;
}

/** A whole number typed in a field, or the text itself (the server then says what is wrong with it). */
const wholeNumber = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

// ---- the booking page (setup) ----

export const fetchBookingPage = (signal?: AbortSignal) => api.get('/provider/booking_page', { signal });

export const saveBookingPage = (values: BookingPageValues) =>
  api.put('/provider/booking_page', {
    bookingPage: {
      slug: values.slug.trim(),
      title: values.title.trim(),
      intro: values.intro.trim() || null,
      timeZone: values.timeZone,
      leadTimeHours: wholeNumber(values.leadTimeHours),
      slotMinutes: Number(values.slotMinutes),
      accessTypes: values.accessTypes,
    },
  });

export const publishBookingPage = () => api.post('/provider/booking_page/publish');
export const unpublishBookingPage = () => api.post('/provider/booking_page/unpublish');

const serviceForm = (values: ServiceValues) => ({
  bookingService: {
    name: values.name.trim(),
    description: values.description.trim() || null,
    durationMinutes: wholeNumber(values.durationMinutes),
    priceCents: centsOf(values.price),
    currency: values.currency.trim().toLowerCase() || 'usd',
  },
});

export const addService = (values: ServiceValues) =>
  api.post('/provider/booking_page/services', serviceForm(values));

export const updateService = (id: string, values: ServiceValues) =>
  api.put('/provider/booking_page/services/{id}', serviceForm(values), { params: { id } });

export const removeService = (id: string) =>
  api.delete('/provider/booking_page/services/{id}', { params: { id } });

export const saveMember = (userId: string, timeZone: string, hours: WorkingHours[]) =>
  api.put(
    '/provider/booking_page/members/{userId}',
    { bookingMember: { timeZone, hours } },
    { params: { userId } },
  );

export const removeBookingMember = (userId: string) =>
  api.delete('/provider/booking_page/members/{userId}', { params: { userId } });

// ---- the provider's bookings ----

export const fetchBookings = ({ page, pageSize, from, to, status, q }: BookingsQuery, signal?: AbortSignal) =>
  api.page('/provider/bookings', { page, pageSize, from, to, status, q: q || undefined }, { signal });

export const fetchCalendar = (month: string, signal?: AbortSignal) =>
  api.get('/provider/bookings/calendar', { query: { month }, signal });

export const fetchBooking = (id: string, signal?: AbortSignal) =>
  api.get('/provider/bookings/{id}', { params: { id }, signal });

export interface BookingUpdate {
  response?: 'accepted' | 'declined';
  outcome?: 'accepted' | 'declined' | 'cancelled' | 'completed';
  providerNotes?: string | null;
}

export const updateBooking = (id: string, update: BookingUpdate) =>
  api.post(
    '/provider/bookings/{id}/update_from_dashboard',
    { providerPropertiesUpdateBookingForm: update },
    { params: { id } },
  );

export const markInvoiced = (id: string) =>
  api.post('/provider/bookings/{id}/mark_as_invoiced', undefined, { params: { id } });

export const cancelBooking = (id: string, reason: string) =>
  api.post(
    '/provider/bookings/{id}/cancel_from_dashboard',
    { reason: reason.trim() || null },
    { params: { id } },
  );

// ---- the public form (and the provider's preview of it) ----

export const fetchPublicPage = (slug: string, preview: boolean, signal?: AbortSignal) =>
  preview
    ? api.get('/provider/booking_page/preview', { signal })
    : api.get('/booking_pages/{slug}', { params: { slug }, signal });

export const fetchAvailability = (
  slug: string,
  preview: boolean,
  query: { from: string; days: number; serviceIds: string[] },
  signal?: AbortSignal,
) => {
  const wire = { from: query.from, days: query.days, serviceIds: query.serviceIds.join(',') };
  return preview
    ? api.get('/provider/booking_page/preview/availability', { query: wire, signal })
    : api.get('/booking_pages/{slug}/availability', { params: { slug }, query: wire, signal });
};

export const fetchAddresses = (slug: string, preview: boolean, q: string, signal?: AbortSignal) =>
  preview
    ? api.get('/provider/booking_page/preview/addresses', { query: { q }, signal })
    : api.get('/booking_pages/{slug}/addresses', { params: { slug }, query: { q }, signal });

export const requestBooking = (slug: string, values: BookingRequestValues) =>
  api.post(
    '/booking_pages/{slug}/bookings',
    {
      booking: {
        serviceIds: values.serviceIds,
        startsAt: values.startsAt,
        address: values.address.trim(),
        accessType: values.accessType,
        accessDetails: values.accessDetails.trim() || null,
        fullName: values.fullName.trim(),
        emailAddress: values.emailAddress.trim(),
        phoneNumber: values.phoneNumber.trim() || null,
        agencyName: values.agencyName.trim() || null,
        notes: values.notes.trim() || null,
      },
    },
    { params: { slug } },
  );
