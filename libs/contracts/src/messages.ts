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
