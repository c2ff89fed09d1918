import type { FastifyInstance, FastifyReply } from 'fastify';
import { completeOnboarding, type StripeAccounts } from './accounts';
import { escapeHtml } from './billing/invoice-pages';
import { snapshot } from './events';
import { realNow } from './time';

/** Where the emulator serves what Stripe serves at connect.stripe.com (under the `/v1` prefix). */
export const CONNECT_PAGES = '/v1/connect_pages';

/** The onboarding page's submit button: what a browser test clicks. */
export const COMPLETE_ONBOARDING_LABEL = 'Complete onboarding';

/**
 * An account link's onboarding page, without an API key, as the account's owner opens it: a form with nothing to fill
 * in and a "Complete onboarding" button. Submitting it completes the account (details submitted, charges and payouts
 * enabled, nothing due), sends `account.updated` to the Connect endpoints and redirects (303) to `return_url`. A link
 * works until it expires or is submitted; after that its page says so and links to `refresh_url`. Unknown: 404.
 */
export function registerConnectPages(app: FastifyInstance, accounts: StripeAccounts): void {
  const page = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta name="viewport" content="width=device-width"><title>Account setup</title>${body}`,
      );
  const linkOf = (token: string, reply: FastifyReply) => {
    const link = accounts.platform.store.accountLinks.get(token);
    const account = link ? accounts.platform.store.accounts.get(link.account) : undefined;
    if (!link || !account) return { refused: page(reply, 404, '<h1>This link is not valid</h1>') };
    if (link.used || realNow() > link.expiresAt) {
      return {
        refused: page(
          reply,
          410,
          `<h1>This link has expired</h1><p>Account setup links work once, for a few minutes.</p>` +
            `<p><a href="${escapeHtml(link.refreshUrl)}">Get a new link</a></p>`,
        ),
      };
    }
    return { link, account };
  };

  app.get<{ Params: { token: string } }>('/connect_pages/setup/:token', async (request, reply) => {
    const found = linkOf(request.params.token, reply);
    if ('refused' in found) return found.refused;
    const { account } = found;
    return page(
      reply,
      200,
      `<h1>Set up your payments account</h1>` +
        `<p>Account ${escapeHtml(account.id)}${account.email ? ` (${escapeHtml(account.email)})` : ''}, ` +
        `${escapeHtml(account.country ?? '')}, paid out in ${escapeHtml((account.default_currency ?? '').toUpperCase())}.</p>` +
        `<p>Stripe's test mode: nothing to fill in.</p>` +
        `<form method="post" action="${CONNECT_PAGES}/setup/${escapeHtml(request.params.token)}">` +
        `<button type="submit">${COMPLETE_ONBOARDING_LABEL}</button></form>`,
    );
  });

  app.post<{ Params: { token: string } }>('/connect_pages/setup/:token', async (request, reply) => {
    const found = linkOf(request.params.token, reply);
    if ('refused' in found) return found.refused;
    const { link, account } = found;
    link.used = true;
    const before = snapshot(account);
    completeOnboarding(account, realNow());
    const engine = accounts.engineOf(account.id)!;
    engine.events.automatic(() => engine.events.emitUpdated('account.updated', account, before));
    return reply.code(303).header('location', link.returnUrl).send();
  });
}
