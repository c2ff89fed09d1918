import { keepPreviousData, QueryClient } from '@tanstack/react-query';

/**
 * The first segment of every query key of the provider and account pages (`['app', 'billing', ...]`): the
 * console's react-admin keys start with a resource name, so the defaults below are the app's own and leave
 * react-admin's as the library sets them.
 */
export const APP_KEY = 'app';

/**
 * The one QueryClient of the page: the provider pages and the react-admin console (its `queryClient` prop) share
 * it, so a change made in one invalidates what the other shows.
 */
export const queryClient = new QueryClient();

queryClient.setQueryDefaults([APP_KEY], {
  // What the pages showed before their server state moved here: a failure at once, in the server's words,
  // rather than after three silent tries.
  retry: false,
  // A form being filled in must not change under the person's hands because they came back to the tab.
  refetchOnWindowFocus: false,
  // The last answer stays on screen while the next one (another page, another search) is asked for.
  placeholderData: keepPreviousData,
});
queryClient.setMutationDefaults([APP_KEY], { retry: false });
