/** The spec's message strings, verbatim. Quote them from here, never retype them. */
export const MESSAGES = {
  required: 'Required',
  invalidUrl: 'Invalid URL',
  invalidDate: 'Invalid Date',
  uploadTooLarge: 'Uploaded file must be less than 100MB',
  addressNotFound: 'Address not found',
  addressWithoutCoordinates: "Address doesn't have longitude and latitude",
  addressWithoutLocation: "Address don't have location",
  addressConfirmed: 'The address is confirmed',
  noSelectedPlan: 'No selected plan to upgrade',
  somethingWentWrong: 'Something went wrong. Please try again later.',
  notEnoughCredits: 'Provider does not have enough credits',
  paymentProblem: 'There has been an issue with your subscription payment',
  stripeMissing: 'Stripe missing!',
  emailSent: 'Email sent!',
  failedPresignedUrl: 'Failed to fetch presigned url',
  mapsSuggestionsFailed: 'Error happened while fetching suggestions from the maps service',
  networkProblem:
    'There was a problem processing your request. Please check your network connection or try again later',
  unrecognisedError: "There's something wrong, please try again later.",
  formErrorsHeading: 'Sorry, there were some errors while processing your request',
  defaultAlertTitle: 'Uh oh!',
} as const;

/**
 * Why an administrator impersonating a provider is refused what hands out or replaces a secret, or sends the
 * provider's data somewhere new (a webhook endpoint or its address, a rotated secret, the API key): the services'
 * 403, and what the pages say instead of offering those actions.
 */
export const IMPERSONATION_SECRETS_FORBIDDEN =
  'Only the provider’s own admins can do this: an administrator impersonating a provider may not see or replace its secrets, nor send its data to a new address.';
