import { MESSAGES, ONBOARDING_FLAGS } from '@tourly/contracts';
import { readFlags } from './onboarding.rules';

const NOT_A_FLAG = `is not an onboarding flag (flags: ${ONBOARDING_FLAGS.join(', ')})`;

describe('reading onboarding flags', () => {
  it.each([
    ['a UTC time', '2026-01-02T03:04:05Z', true],
    ['minutes only', '2026-01-02T03:04Z', true],
    ['fractions of a second', '2026-01-02T03:04:05.123456Z', true],
    ['an offset', '2026-01-02T03:04:05+02:00', true],
    ['no zone', '2026-01-02T03:04:05', false],
    ['a date only', '2026-01-02', false],
    ['seven fraction digits', '2026-01-02T03:04:05.1234567Z', false],
    ['a month that does not exist', '2026-13-02T03:04:05Z', false],
    ['a number', 1767322800000, false],
    ['null', null, false],
    ['words', 'yesterday', false],
  ])('%s (%p): valid %s', (_case, value, valid) => {
    const read = readFlags({ vtStagingStart: value });
    if (valid) {
      expect(read).toEqual({ valid: [['vt_staging_start', value]], errors: {} });
    } else {
      expect(read).toEqual({ valid: [], errors: { 'onboarding.vt_staging_start': [MESSAGES.invalidDate] } });
    }
  });

  it.each(ONBOARDING_FLAGS.map((flag) => [flag]))('%s is a flag', (flag) => {
    const key = flag.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
    expect(readFlags({ [key]: '2026-01-02T03:04:05Z' }).valid).toEqual([[flag, '2026-01-02T03:04:05Z']]);
  });

  it.each([
    [
      'an unknown flag',
      { somethingElse: '2026-01-02T03:04:05Z' },
      { 'onboarding.something_else': [NOT_A_FLAG] },
    ],
    [
      'one good, one unknown, one bad time',
      { csOverlay: '2026-01-02T03:04:05Z', nope: 'x', globalLighting: 'x' },
      { 'onboarding.nope': [NOT_A_FLAG], 'onboarding.global_lighting': [MESSAGES.invalidDate] },
    ],
    ['nothing', {}, {}],
  ])('%s: errors per field', (_case, flags, errors) => {
    expect(readFlags(flags).errors).toEqual(errors);
  });
});
