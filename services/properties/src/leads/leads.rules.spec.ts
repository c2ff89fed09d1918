import { attributionOf, leadAddressLimit, leadEmail, tooManyLeads, tourSenderCheck } from './leads.rules';

describe('the e-mail about a lead', () => {
  const lead = {
    propertyTitle: 'Seaside Villa',
    source: 'tour' as const,
    firstName: 'Nora',
    lastName: 'Visitor',
    email: 'nora@example.com',
    phoneNumber: '+1 555 0100',
    message: 'Is the garden\nsouth-facing?',
  };

  it('names the property and the visitor in its subject', () => {
    expect(leadEmail(lead).subject).toBe('New message about Seaside Villa from Nora Visitor');
  });

  it('carries the message as written, then how to answer', () => {
    const { text } = leadEmail(lead);
    expect(text).toContain('Nora Visitor sent a message from the tour of Seaside Villa:');
    expect(text).toContain('Is the garden\nsouth-facing?');
    expect(text).toContain('Email: nora@example.com\nPhone: +1 555 0100');
  });

  it('says when it came from the website', () => {
    expect(leadEmail({ ...lead, source: 'website' }).text).toContain('from the website of Seaside Villa');
  });
});

describe('the limits on leads', () => {
  it('count per client address in hour windows', () => {
    expect(leadAddressLimit(20)).toEqual({ bucket: 'leads_per_address', limit: 20, windowSeconds: 3600 });
  });

  it.each([
    [
      'a sender the tour heard from, whatever the count',
      { knownSender: true, senders: 50, oldestLastLeadAgeSeconds: 10 },
      null,
    ],
    ['a new sender under the limit', { knownSender: false, senders: 49, oldestLastLeadAgeSeconds: 10 }, null],
    ['a new sender at the limit', { knownSender: false, senders: 50, oldestLastLeadAgeSeconds: 600 }, 3000],
    ['a new sender as a slot frees', { knownSender: false, senders: 50, oldestLastLeadAgeSeconds: 3600 }, 1],
  ])('per tour, %s: retry after %p', (_case, heard, retryAfter) => {
    expect(tourSenderCheck(heard, 50)).toEqual({ retryAfter });
  });

  it.each([
    [1, 'Too many messages sent. Please try again in 1 minute.'],
    [60, 'Too many messages sent. Please try again in 1 minute.'],
    [61, 'Too many messages sent. Please try again in 2 minutes.'],
    [3600, 'Too many messages sent. Please try again in 60 minutes.'],
  ])('after %i s, says when: %s', (seconds, words) => {
    expect(tooManyLeads(seconds)).toBe(words);
  });
});

describe('a lead’s attribution as kept', () => {
  const kitchen = { room: 'Kitchen', floor: 0, seconds: 120 };

  it.each([
    ['nothing sent', undefined, null],
    ['null', null, null],
    ['two empty lists: no room named', { rooms: [], path: [] }, null],
    [
      'rooms and a path, as sent',
      { rooms: [kitchen], path: ['Hall', 'Kitchen'] },
      { rooms: [kitchen], path: ['Hall', 'Kitchen'] },
    ],
    [
      'a floor left out: null',
      { rooms: [{ room: 'Loft', seconds: 5 }], path: [] },
      { rooms: [{ room: 'Loft', floor: null, seconds: 5 }], path: [] },
    ],
    ['a path alone (no time counted yet)', { rooms: [], path: ['Hall'] }, { rooms: [], path: ['Hall'] }],
  ])('%s', (_case, sent, kept) => {
    expect(attributionOf(sent)).toEqual(kept);
  });

  it('keeps only the fields it knows', () => {
    const sent = { rooms: [{ ...kitchen, colour: 'red' }], path: ['Kitchen'], extra: true };
    expect(attributionOf(sent)).toEqual({ rooms: [kitchen], path: ['Kitchen'] });
  });
});
