import { ValidateBy } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { parseLink } from '../media/links';

/**
 * An absolute http(s) link with a host and no credentials, as the media lists take them (`parseLink`), else
 * `Invalid URL`; `orEmpty`: an empty text (none) passes too.
 */
export const HttpLink = (options: { orEmpty?: boolean } = {}) =>
  ValidateBy({
    name: 'httpLink',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' &&
        ((options.orEmpty === true && value === '') || parseLink(value) !== null),
      defaultMessage: () => MESSAGES.invalidUrl,
    },
  });
