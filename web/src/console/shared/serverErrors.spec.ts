import { describe, expect, it } from '@jest/globals';
import { countFieldErrors, formContainsErrors, splitRefusal, UNEXPECTED_FAILURE } from './serverErrors';

describe('a refusal on a console form', () => {
  it('puts the form’s fields’ messages next to their inputs, joined by “ & ”', () => {
    expect(
      splitRefusal({ 'pricing.discountPercent': 'must be a whole percentage & must be between 0 and 100' }, [
        'pricing.discountPercent',
      ]),
    ).toEqual({
      fields: { 'pricing.discountPercent': 'must be a whole percentage & must be between 0 and 100' },
      base: null,
      unmatched: {},
    });
  });

  it('leaves the messages of fields the form does not have to the log, and base messages to a notification', () => {
    expect(
      splitRefusal(
        {
          tag: 'must be one line of text',
          providerId: 'is not a provider id',
          root: { serverError: 'Nope' },
        },
        ['tag'],
      ),
    ).toEqual({
      fields: { tag: 'must be one line of text' },
      base: 'Nope',
      unmatched: { providerId: 'is not a provider id' },
    });
  });

  it('joins a list of messages as the data provider would', () => {
    expect(splitRefusal({ name: ['Required', 'is too long'] }, ['name']).fields).toEqual({
      name: 'Required & is too long',
    });
  });

  it.each([undefined, null, 'text'])('reads nothing from %j', (errors) => {
    expect(splitRefusal(errors, ['tag'])).toEqual({ fields: {}, base: null, unmatched: {} });
  });

  it.each<[unknown, number]>([
    [{}, 0],
    [{ tag: { type: 'server', message: 'too long' } }, 1],
    [
      {
        name: { type: 'required', message: 'Required' },
        floorplanConfiguration: {
          brandColour: { type: 'server', message: 'must be a colour like #1a2b3c' },
          units: { type: 'server', message: 'must be one of metric, imperial' },
        },
      },
      3,
    ],
    [{ root: { serverError: { type: 'server', message: 'Nope' } } }, 0],
  ])('counts the fields in error of %j: %d', (errors, count) => {
    expect(countFieldErrors(errors)).toBe(count);
  });

  it('says so in the spec’s words', () => {
    expect(formContainsErrors(2)).toBe('The form contains 2 error(s)');
    expect(UNEXPECTED_FAILURE).toBe('Sorry, there were some errors while processing your request');
  });
});
