import { describe, expect, it } from '@jest/globals';
import { MATTERPORT_MESSAGES } from '@tourly/contracts';
import {
  CONNECT_FAILED_FALLBACK,
  connectOutcomeOf,
  hasModelSource,
  noModelsNote,
  withoutConnectOutcome,
} from './matterport';

describe('the Matterport connection on the settings page', () => {
  it('reads how connecting went from the address Matterport’s callback sends back', () => {
    expect(connectOutcomeOf('?matterport=connected')).toEqual({ kind: 'connected' });
    expect(
      connectOutcomeOf(`?matterport=failed&reason=${encodeURIComponent(MATTERPORT_MESSAGES.denied)}`),
    ).toEqual({ kind: 'failed', reason: 'You did not allow access on Matterport.' });
    expect(
      connectOutcomeOf(`matterport=failed&reason=${encodeURIComponent(MATTERPORT_MESSAGES.denied)}`),
    ).toEqual({ kind: 'failed', reason: MATTERPORT_MESSAGES.denied });
  });

  it.each(Object.values(MATTERPORT_MESSAGES))('shows the platform’s reason “%s” as it is', (reason) => {
    const search = new URLSearchParams({ matterport: 'failed', reason }).toString();
    expect(connectOutcomeOf(`?${search}`)).toEqual({ kind: 'failed', reason });
  });

  it.each([
    ['no reason', '?matterport=failed'],
    ['a blank reason', '?matterport=failed&reason=%20%20'],
    ['words of a crafted link', '?matterport=failed&reason=Call%20us%20on%20555-0100%20to%20fix%20it'],
  ])('gives the general reason for %s', (_, search) => {
    expect(connectOutcomeOf(search)).toEqual({ kind: 'failed', reason: CONNECT_FAILED_FALLBACK });
  });

  it.each(['', '?', '?page=2', '?matterport=', '?matterport=maybe', '?Matterport=connected', '?reason=x'])(
    'finds no outcome in %p',
    (search) => {
      expect(connectOutcomeOf(search)).toBeNull();
    },
  );

  it.each([
    ['?matterport=connected', ''],
    ['?matterport=failed&reason=You%20did%20not%20allow%20access', ''],
    ['?tab=users&matterport=connected', '?tab=users'],
    ['?matterport=failed&reason=x&tab=users&page=2', '?tab=users&page=2'],
    ['?matterport=maybe', ''],
    ['', ''],
  ])('takes the outcome out of %p, leaving %p', (search, rest) => {
    expect(withoutConnectOutcome(search)).toBe(rest);
  });

  it('leaves an address without the outcome as it reads (no reload of the same page)', () => {
    expect(withoutConnectOutcome('?tab=users&page=2')).toBe('?tab=users&page=2');
  });
});

describe('why the model picker lists nothing', () => {
  it('tells admins where to connect an account, and others to ask an admin', () => {
    expect(noModelsNote('not_connected', true)).toEqual({
      message: 'No Matterport account is connected.',
      action: { link: 'Connect it in Settings' },
    });
    expect(noModelsNote('not_connected', false)).toEqual({
      message: 'No Matterport account is connected.',
      action: { ask: 'Ask an admin to connect one in Settings.' },
    });
  });

  it('tells that a connection stopped working, and how it is connected again', () => {
    expect(noModelsNote('broken', true)?.action).toEqual({ link: 'Connect it again in Settings' });
    expect(noModelsNote('broken', false)?.action).toEqual({
      ask: 'Ask an admin to connect it again in Settings.',
    });
  });

  it.each([['connected'], ['platform'], [undefined]] as const)(
    'says nothing of the connection when it is %p: the account has no models',
    (status) => {
      expect(noModelsNote(status, true)).toBeNull();
      expect(noModelsNote(status, false)).toBeNull();
    },
  );

  it('counts the connected account and the platform’s as where models come from', () => {
    expect(hasModelSource('connected')).toBe(true);
    expect(hasModelSource('platform')).toBe(true);
    expect(hasModelSource('not_connected')).toBe(false);
    expect(hasModelSource('broken')).toBe(false);
  });
});
