import { PLANS, type PublicationsWithdrawnV1 } from '@tourly/contracts';
import type { Email } from '../mail/mailer';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The mail a provider's admins get on the day a plan that does not publish takes their tours and websites offline
 * (`properties.publications.withdrawn.v1`): what stopped, by title, why, and how to share them again.
 */
export function withdrawalMail(to: string, withdrawn: PublicationsWithdrawnV1, appUrl: string): Email {
  const app = appUrl.replace(/\/+$/, '');
  const titles = new Map(
    (withdrawn.properties ?? []).map((property) => [property.propertyId, property.title]),
  );
  const list = (ids: string[]) => ids.map((id) => `- ${titles.get(id) ?? `Property ${id}`}`).join('\n');
  const tours = withdrawn.tourPropertyIds;
  const websites = withdrawn.websitePropertyIds;
  const what = [
    ...(tours.length > 0 ? [count(tours.length, 'tour', 'tours')] : []),
    ...(websites.length > 0 ? [count(websites.length, 'website', 'websites')] : []),
  ].join(' and ');
  const plan = PLANS[withdrawn.productCode]?.name ?? withdrawn.productCode;
  const sections = [
    `Your plan is now ${plan}, which does not include sharing tours or publishing websites. So today ${what} stopped being shared.`,
    ...(tours.length > 0 ? [`Tours no longer shared (their links no longer work):\n${list(tours)}`] : []),
    ...(websites.length > 0 ? [`Websites no longer published:\n${list(websites)}`] : []),
    `Nothing was deleted: your properties, tours and websites are still in your account. To share them again, choose a paid plan (${app}/provider/billing), then publish each one again from its property (${app}/provider/properties).`,
  ];
  return {
    to,
    subject: `${what} stopped being shared`.replace(/^./, (c) => c.toUpperCase()),
    text: sections.join('\n\n'),
  };
}
