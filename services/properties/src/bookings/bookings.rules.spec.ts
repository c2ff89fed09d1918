import { bookingIcs, hoursErrors, nextStatus, openStarts, type BookingFacts } from './bookings.rules';

describe('working hours', () => {
  it('refuses a window that ends before it starts and windows of one day that overlap', () => {
    expect(
      hoursErrors([
        { weekday: 1, starts: '09:00', ends: '12:00' },
        { weekday: 1, starts: '11:30', ends: '17:00' },
        { weekday: 2, starts: '17:00', ends: '09:00' },
        { weekday: 3, starts: '09:00', ends: '12:00' },
        { weekday: 3, starts: '12:00', ends: '24:00' },
      ]),
    ).toEqual({
      'bookingMember.hours.1.starts': 'must not overlap on the same day',
      'bookingMember.hours.2.ends': 'must be after the start',
    });
  });
});

describe('a booking’s status', () => {
  const past = new Date('2026-01-01T00:00:00Z');
  const now = new Date('2026-06-01T00:00:00Z');
  const future = new Date('2027-01-01T00:00:00Z');

  it.each([
    ['pending', 'accepted', past, { status: 'accepted' }],
    ['pending', 'declined', past, { status: 'declined' }],
    ['accepted', 'accepted', past, { status: 'accepted' }],
    ['accepted', 'declined', past, { error: 'cannot be declined: the booking is already accepted' }],
    ['pending', 'cancelled', future, { status: 'cancelled' }],
    ['completed', 'cancelled', past, { error: 'cannot be cancelled: the booking is already completed' }],
    ['accepted', 'completed', past, { status: 'completed' }],
    ['accepted', 'completed', future, { error: 'cannot be completed before the shoot starts' }],
    ['pending', 'completed', past, { error: 'cannot be completed: the booking is pending, not accepted' }],
  ] as const)('%s -> %s', (current, target, startsAt, expected) => {
    expect(nextStatus(current, target, startsAt, now)).toEqual(expected);
  });
});

describe('the calendar invitation', () => {
  const booking: BookingFacts = {
    id: '0190f2e5-6f70-7b82-8c3d-4e5f6a7b8c9d',
    status: 'accepted',
    startsAt: new Date('2026-12-08T23:00:00Z'),
    endsAt: new Date('2026-12-09T00:30:00Z'),
    timeZone: 'Australia/Sydney',
    formattedAddress: '12 Harbour View, Sydney NSW 2000, Australia',
    services: [{ name: '3D tour; photos' }],
    accessType: 'key_safe',
    accessDetails: 'Code 4821',
    fullName: 'Ana Ng',
    emailAddress: 'ana@example.com',
    phoneNumber: null,
    notes: 'Vendors home until 10,\nplease knock',
    providerName: 'Harbour Media',
    memberName: 'Sam Lee',
    sequence: 3,
  };

  it('is an iCalendar event with escaped text and folded lines, cancelled when the booking is', () => {
    const ics = bookingIcs(booking, 'app.example.com', new Date('2026-12-01T10:00:00Z'));
    const lines = ics.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'UID:booking-0190f2e5-6f70-7b82-8c3d-4e5f6a7b8c9d@app.example.com',
        'SEQUENCE:3',
        'DTSTAMP:20261201T100000Z',
        'DTSTART:20261208T230000Z',
        'DTEND:20261209T003000Z',
        'STATUS:CONFIRMED',
        'LOCATION:12 Harbour View\\, Sydney NSW 2000\\, Australia',
      ]),
    );
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics.replace(/\r\n /g, '')).toContain('Notes: Vendors home until 10\\,\\nplease knock');
    expect(ics).toContain('SUMMARY:3D tour\\; photos');
    const cancelled = bookingIcs({ ...booking, status: 'cancelled' }, 'app.example.com');
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain('STATUS:CANCELLED');
  });
});

describe('the start times offered', () => {
  const at = (clock: string) => new Date(`2026-12-07T${clock}:00Z`);
  const day = { earliest: at('00:00'), latest: new Date('2026-12-08T00:00:00Z') };

  it('steps through each window, keeps the whole shoot inside it, and skips the member’s booked time', () => {
    const starts = openStarts(
      [
        { userId: 'a', opens: at('09:00'), closes: at('12:00') },
        { userId: 'b', opens: at('10:00'), closes: at('11:30') },
      ],
      [{ userId: 'a', startsAt: at('10:00'), endsAt: at('10:30') }],
      { minutes: 60, step: 30, ...day },
    );
    // a: 09:00 (ends at its booking), 10:30, 11:00; b: 10:00, 10:30 (10:30 once).
    expect(starts.map((start) => start.toISOString().slice(11, 16))).toEqual([
      '09:00',
      '10:00',
      '10:30',
      '11:00',
    ]);
  });

  it('offers nothing before the earliest start (the lead time) or from the end of the period on', () => {
    const starts = openStarts([{ userId: 'a', opens: at('09:00'), closes: at('17:00') }], [], {
      minutes: 60,
      step: 60,
      earliest: at('13:30'),
      latest: at('16:00'),
    });
    expect(starts.map((start) => start.toISOString().slice(11, 16))).toEqual(['14:00', '15:00']);
  });
});
