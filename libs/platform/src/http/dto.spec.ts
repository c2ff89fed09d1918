import { createValidationPipe } from './validation';
import { OptionalFlag, RequiredFlag } from './dto';
import { ApiError } from './errors';

class Settings {
  @RequiredFlag()
  enabled!: boolean;

  @OptionalFlag({ nullable: true })
  autoplay?: boolean | null;
}

/** What the platform's pipe answers for a body: the value it hands the handler, or the 422's errors. */
async function validated(body: unknown): Promise<unknown> {
  try {
    return await createValidationPipe().transform(body, { type: 'body', metatype: Settings });
  } catch (error) {
    if (error instanceof ApiError) return error.getResponse();
    throw error;
  }
}

describe('true-or-false fields', () => {
  it.each([
    [{ enabled: true }, { enabled: true }],
    [
      { enabled: false, autoplay: false },
      { enabled: false, autoplay: false },
    ],
    [
      { enabled: true, autoplay: null },
      { enabled: true, autoplay: null },
    ],
  ])('takes %j', async (body, expected) => {
    expect(await validated(body)).toEqual(expected);
  });

  it.each([
    [{}, { enabled: ['Required'] }],
    [{ enabled: null }, { enabled: ['Required'] }],
    [{ enabled: 'true' }, { enabled: ['must be true or false'] }],
    [{ enabled: 1 }, { enabled: ['must be true or false'] }],
    [{ enabled: true, autoplay: 'yes' }, { autoplay: ['must be true or false'] }],
  ])('refuses %j in the spec’s words', async (body, errors) => {
    expect(await validated(body)).toEqual({ errors });
  });
});
