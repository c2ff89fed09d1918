export const BOOKINGS_PATH = '/provider/bookings';
export const BOOKING_SETUP_PATH = '/provider/bookings/setup';
export const bookingPath = (id: string) => `${BOOKINGS_PATH}/${encodeURIComponent(id)}`;
/** The public form, with `?preview=1` for the provider's preview. */
export const bookFormPath = (slug: string, preview = false) =>
  `/book/${encodeURIComponent(slug)}${preview ? '?preview=1' : ''}`;
