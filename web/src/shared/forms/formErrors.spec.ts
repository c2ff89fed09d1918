import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../api/errors';
import { formErrors } from './formErrors';

const FIELDS = { email: 'user.email', password: 'user.password' };
const refusal = (fields: Record<string, string[]>) => new ApiError(422, fields, Object.values(fields).flat());

describe('formErrors', () => {
  it.each<[string, unknown, { alert: unknown; fields: Record<string, string[]> }]>([
    ['no failure: nothing to show', null, { alert: null, fields: {} }],
    [
      'a failure that is not the server’s: the alert',
      'Stripe missing!',
      { alert: 'Stripe missing!', fields: {} },
    ],
    [
      'field messages under their fields',
      refusal({ 'user.email': ['is invalid'], 'user.password': ['is too short'] }),
      { alert: null, fields: { email: ['is invalid'], password: ['is too short'] } },
    ],
    [
      "'base' to the alert beside the fields",
      refusal({ 'user.email': ['is invalid'], base: ['Try again later'] }),
      { alert: ['Try again later'], fields: { email: ['is invalid'] } },
    ],
    [
      'a field the form does not show: named, in the alert',
      refusal({ 'user.email': ['is invalid'], 'user.age': ['is required'] }),
      { alert: ['user.age: is required'], fields: { email: ['is invalid'] } },
    ],
  ])('%s', (_, error, expected) => {
    expect(formErrors(error, FIELDS)).toEqual(expected);
  });

  it('leaves a refusal that names none of the fields whole, for the alert to list', () => {
    const error = refusal({ base: ['Invalid email or password.'] });
    expect(formErrors(error, FIELDS)).toEqual({ alert: error, fields: {} });
  });
});
