/**
 * Bookings (issue 31): an agent books a shoot on a provider's public booking form; the provider answers it (001 §3
 * "Booking response: accepted, declined") and later records how it went ("outcome: accepted, declined, cancelled,
 * completed"). The status a booking is in is one of these: `pending` until answered (the spec does not show the
 * statuses, 002 §3; this list is the platform's).
 */
export const BOOKING_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** 001 §3 "Booking response". */
export const BOOKING_RESPONSES = ['accepted', 'declined'] as const;
export type BookingResponse = (typeof BOOKING_RESPONSES)[number];

/** 001 §3 "outcome". */
export const BOOKING_OUTCOMES = ['accepted', 'declined', 'cancelled', 'completed'] as const;
export type BookingOutcome = (typeof BOOKING_OUTCOMES)[number];

/** 001 §3 "Access type": how the photographer gets into the property. */
export const ACCESS_TYPES = ['on_site', 'key_safe', 'office', 'other'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export const ACCESS_TYPE_LABELS: Record<AccessType, string> = {
  on_site: 'Someone will be on site',
  key_safe: 'Key safe / lockbox',
  office: 'Collect the keys from the office',
  other: 'Other (describe below)',
};

export const BOOKING_LIMITS = {
  /** Services one booking page offers. */
  servicesPerPage: 30,
  /** Services one booking takes. */
  servicesPerBooking: 10,
  /** A service's length, in minutes. */
  minDurationMinutes: 15,
  maxDurationMinutes: 720,
  /** One booking's length, its services added up (12 hours: availability relies on it). */
  maxBookingMinutes: 720,
  /** How many hours ahead of a slot a booking must come in. */
  maxLeadTimeHours: 720,
  /** How far ahead the form offers slots, in days. */
  horizonDays: 90,
  /** Days one availability answer covers. */
  maxAvailabilityDays: 14,
  /** Working hours one member may have in a day. */
  windowsPerDay: 4,
} as const;

/**
 * Why the free plan's provider cannot publish its booking form (000 §6): the server's 403, and what the setup page
 * says beside the disabled Publish before anyone presses it.
 */
export const BOOKING_NEEDS_PLAN =
  'Publishing the booking form comes with a paid plan. You can build and preview it now; upgrade your plan to publish it.';

/** The lengths of the steps between two slots the form offers, in minutes. */
export const SLOT_STEPS = [15, 30, 60] as const;

/**
 * 002 §9 "Timezone list about 130 zones with GMT offset label, default UTC": IANA names; the label ("(GMT+10:00)
 * Australia/Sydney") is computed where it is shown, for the date it is shown on.
 */
export const TIME_ZONES = [
  'UTC',
  'Pacific/Midway',
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Juneau',
  'America/Los_Angeles',
  'America/Tijuana',
  'America/Phoenix',
  'America/Denver',
  'America/Boise',
  'America/Chihuahua',
  'America/Mazatlan',
  'America/Chicago',
  'America/Regina',
  'America/Mexico_City',
  'America/Monterrey',
  'America/Guatemala',
  'America/Winnipeg',
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Toronto',
  'America/Bogota',
  'America/Lima',
  'America/Caracas',
  'America/Halifax',
  'America/La_Paz',
  'America/Santiago',
  'America/St_Johns',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'America/Montevideo',
  'America/Godthab',
  'Atlantic/South_Georgia',
  'Atlantic/Azores',
  'Atlantic/Cape_Verde',
  'Africa/Casablanca',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Europe/London',
  'Africa/Monrovia',
  'Europe/Amsterdam',
  'Europe/Belgrade',
  'Europe/Berlin',
  'Europe/Zurich',
  'Europe/Bratislava',
  'Europe/Brussels',
  'Europe/Budapest',
  'Europe/Copenhagen',
  'Europe/Ljubljana',
  'Europe/Madrid',
  'Europe/Paris',
  'Europe/Prague',
  'Europe/Rome',
  'Europe/Sarajevo',
  'Europe/Skopje',
  'Europe/Stockholm',
  'Europe/Vienna',
  'Europe/Warsaw',
  'Africa/Algiers',
  'Europe/Zagreb',
  'Europe/Athens',
  'Europe/Bucharest',
  'Africa/Cairo',
  'Africa/Harare',
  'Europe/Helsinki',
  'Asia/Jerusalem',
  'Europe/Kaliningrad',
  'Europe/Kyiv',
  'Africa/Johannesburg',
  'Europe/Riga',
  'Europe/Sofia',
  'Europe/Tallinn',
  'Europe/Vilnius',
  'Asia/Baghdad',
  'Europe/Istanbul',
  'Asia/Kuwait',
  'Europe/Minsk',
  'Europe/Moscow',
  'Africa/Nairobi',
  'Asia/Riyadh',
  'Europe/Volgograd',
  'Asia/Tehran',
  'Asia/Muscat',
  'Asia/Baku',
  'Europe/Samara',
  'Asia/Tbilisi',
  'Asia/Yerevan',
  'Asia/Kabul',
  'Asia/Yekaterinburg',
  'Asia/Karachi',
  'Asia/Tashkent',
  'Asia/Kolkata',
  'Asia/Colombo',
  'Asia/Kathmandu',
  'Asia/Almaty',
  'Asia/Dhaka',
  'Asia/Urumqi',
  'Asia/Yangon',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Krasnoyarsk',
  'Asia/Novosibirsk',
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Hong_Kong',
  'Asia/Irkutsk',
  'Asia/Kuala_Lumpur',
  'Australia/Perth',
  'Asia/Singapore',
  'Asia/Taipei',
  'Asia/Ulaanbaatar',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Yakutsk',
  'Australia/Adelaide',
  'Australia/Darwin',
  'Australia/Brisbane',
  'Australia/Melbourne',
  'Pacific/Guam',
  'Australia/Hobart',
  'Pacific/Port_Moresby',
  'Australia/Sydney',
  'Asia/Vladivostok',
  'Asia/Magadan',
  'Pacific/Noumea',
  'Pacific/Guadalcanal',
  'Asia/Srednekolymsk',
  'Pacific/Auckland',
  'Pacific/Fiji',
  'Asia/Kamchatka',
  'Pacific/Majuro',
  'Pacific/Chatham',
  'Pacific/Tongatapu',
  'Pacific/Apia',
  'Pacific/Fakaofo',
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];
