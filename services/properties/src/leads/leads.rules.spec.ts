import { leadEmail, leadLimits } from './leads.rules';

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
  it('count per address and per tour, in hour windows', () => {
    expect(leadLimits(5, 30)).toEqual({
      address: { bucket: 'leads_per_address', limit: 5, windowSeconds: 3600 },
      tour: { bucket: 'leads_per_tour', limit: 30, windowSeconds: 3600 },
    });
  });
});
