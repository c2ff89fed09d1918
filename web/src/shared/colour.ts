import { COLOUR_PATTERN } from '@tourly/contracts';

/** 001 §5: 3 or 6 hex digits, rgb() or rgba(), checked here as the server checks it. */
export const isColour = (value: string) => COLOUR_PATTERN.test(value);
