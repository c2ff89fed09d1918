import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import {
  addService,
  cancelBooking,
  fetchAddresses,
  fetchAvailability,
  fetchBooking,
  fetchBookingPage,
  fetchBookings,
  fetchCalendar,
  fetchPublicPage,
  markInvoiced,
  publishBookingPage,
  removeBookingMember,
  removeService,
  requestBooking,
  saveBookingPage,
  saveMember,
  unpublishBookingPage,
  updateBooking,
  updateService,
  type Booking,
  type BookingPage,
  type BookingsQuery,
} from './api';

export const bookingKeys = {
  all: [APP_KEY, 'bookings'] as const,
  page: () => [...bookingKeys.all, 'page'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (query: BookingsQuery) => [...bookingKeys.lists(), query] as const,
  calendars: () => [...bookingKeys.all, 'calendar'] as const,
  calendar: (month: string) => [...bookingKeys.calendars(), month] as const,
  one: (id: string) => [...bookingKeys.all, 'one', id] as const,
  form: (slug: string, preview: boolean) => [APP_KEY, 'booking-form', slug, preview] as const,
  availability: (slug: string, preview: boolean, from: string, serviceIds: string[]) =>
    [...bookingKeys.form(slug, preview), 'availability', from, serviceIds] as const,
  addresses: (slug: string, q: string) => [APP_KEY, 'booking-form', slug, 'addresses', q] as const,
};

// ---- the booking page (setup) ----

export const useBookingPageQuery = () =>
  useQuery({ queryKey: bookingKeys.page(), queryFn: ({ signal }) => fetchBookingPage(signal) });

/** A change that answers the whole page: the answer is the page now; its preview is stale. */
const pageSaved = (page: BookingPage, client: QueryClient) => {
  client.setQueryData(bookingKeys.page(), page);
  return client.invalidateQueries({ queryKey: [APP_KEY, 'booking-form'] });
};
/** A change that answers less: the page is read again. */
const pageChanged = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: bookingKeys.page() }),
    client.invalidateQueries({ queryKey: [APP_KEY, 'booking-form'] }),
  ]);

export const useSaveBookingPageMutation = () =>
  useMutationAction(saveBookingPage, (page, _, client) => pageSaved(page, client));
export const usePublishMutation = () =>
  useMutationAction(publishBookingPage, (page, _, client) => pageSaved(page, client));
export const useUnpublishMutation = () =>
  useMutationAction(unpublishBookingPage, (page, _, client) => pageSaved(page, client));
export const useAddServiceMutation = () =>
  useMutationAction(addService, (_, __, client) => pageChanged(client));
export const useUpdateServiceMutation = () =>
  useMutationAction(updateService, (_, __, client) => pageChanged(client));
export const useRemoveServiceMutation = () =>
  useMutationAction(removeService, (_, __, client) => pageChanged(client));
export const useSaveMemberMutation = () =>
  useMutationAction(saveMember, (page, _, client) => pageSaved(page, client));
export const useRemoveMemberMutation = () =>
  useMutationAction(removeBookingMember, (page, _, client) => pageSaved(page, client));

// ---- the provider's bookings ----

export const useBookingsQuery = (query: BookingsQuery) =>
  useQuery({
    queryKey: bookingKeys.list(query),
    queryFn: ({ signal }) => fetchBookings(query, signal),
    placeholderData: keepPreviousData,
  });

export const useCalendarQuery = (month: string) =>
  useQuery({
    queryKey: bookingKeys.calendar(month),
    queryFn: ({ signal }) => fetchCalendar(month, signal),
    placeholderData: keepPreviousData,
  });

export const useBookingQuery = (id: string) =>
  useQuery({ queryKey: bookingKeys.one(id), queryFn: ({ signal }) => fetchBooking(id, signal) });

/** A booking changed: its page shows the answer; the lists and calendars are read again. */
const bookingChanged = (booking: Booking, client: QueryClient) => {
  client.setQueryData(bookingKeys.one(booking.id), booking);
  return Promise.all([
    client.invalidateQueries({ queryKey: bookingKeys.lists() }),
    client.invalidateQueries({ queryKey: bookingKeys.calendars() }),
  ]);
};

export const useUpdateBookingMutation = () =>
  useMutationAction(updateBooking, (booking, _, client) => bookingChanged(booking, client));
export const useMarkInvoicedMutation = () =>
  useMutationAction(markInvoiced, (booking, _, client) => bookingChanged(booking, client));
export const useCancelBookingMutation = () =>
  useMutationAction(cancelBooking, (booking, _, client) => bookingChanged(booking, client));

// ---- the public form ----

export const usePublicPageQuery = (slug: string, preview: boolean) =>
  useQuery({
    queryKey: bookingKeys.form(slug, preview),
    queryFn: ({ signal }) => fetchPublicPage(slug, preview, signal),
    retry: false,
  });

export const useAvailabilityQuery = (slug: string, preview: boolean, from: string, serviceIds: string[]) =>
  useQuery({
    queryKey: bookingKeys.availability(slug, preview, from, serviceIds),
    queryFn: ({ signal }) => fetchAvailability(slug, preview, { from, days: 7, serviceIds }, signal),
    enabled: serviceIds.length > 0,
    placeholderData: keepPreviousData,
  });

export const useAddressesQuery = (slug: string, preview: boolean, q: string, enabled: boolean) =>
  useQuery({
    queryKey: bookingKeys.addresses(slug, q),
    queryFn: ({ signal }) => fetchAddresses(slug, preview, q, signal),
    enabled: enabled && q.length > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });

/** A booking sent: the times offered are read again (this one is gone). */
export const useRequestBookingMutation = (slug: string, preview: boolean) =>
  useMutationAction(requestBooking, undefined, (_, __, client) =>
    client.invalidateQueries({ queryKey: [...bookingKeys.form(slug, preview), 'availability'] }),
  );
