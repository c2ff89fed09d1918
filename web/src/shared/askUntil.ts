/** How long a page waits for Stripe's word to reach billing (a webhook) before saying it will show in a moment. */
export const WAIT_FOR_STRIPE_MS = 20_000;

/**
 * Asks `read` again and again, waiting 250 ms, then twice as long each time up to 2 s, until `done` says the answer
 * is the awaited one (answered) or `withinMs` has passed (null). A failure to ask counts as "not yet". For what
 * reaches billing a moment after the page acted: Stripe's webhooks, the events behind an offer.
 */
export async function askUntil<T>(
  read: () => Promise<T>,
  done: (answer: T) => boolean,
  withinMs = WAIT_FOR_STRIPE_MS,
): Promise<T | null> {
  const deadline = Date.now() + withinMs;
  for (let delay = 250; ; delay = Math.min(delay * 2, 2000)) {
    const answer = await read().catch(() => null);
    if (answer !== null && done(answer)) return answer;
    if (Date.now() + delay > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
