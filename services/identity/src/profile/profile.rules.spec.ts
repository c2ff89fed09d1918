import { phoneNumberProblem } from './profile.rules';

describe('a phone number visitors are shown', () => {
  it.each([
    ['+1 (555) 010-9999', null],
    ['555.010.9999', null],
    ['123456', null],
    ['+44 20 7946 0958', null],
    ['12345', 'must be at least 6 characters'],
    ['1'.repeat(31), 'must be at most 30 characters'],
    ['1'.repeat(30), null],
    ['555-0199 ext 2', 'may contain only digits, spaces and + - ( ) .'],
    ['call me', 'may contain only digits, spaces and + - ( ) .'],
    ['+1/555/0100', 'may contain only digits, spaces and + - ( ) .'],
    ['(+1) - 5', 'must contain at least 6 digits'],
    ['12 - 34 - 5', 'must contain at least 6 digits'],
  ])('%s: %s', (phoneNumber, problem) => {
    expect(phoneNumberProblem(phoneNumber)).toBe(problem);
  });
});
