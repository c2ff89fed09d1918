import { PUBLISHING_NEEDS_PLAN, quotaFull, type ProviderPlan } from '../plans/plans.rules';

/** A property's published features: its tour shared, its website live, its tour premium. */
export interface PublishedFeatures {
  tour: boolean;
  website: boolean;
  premium: boolean;
}

/** Why a publishing change cannot be made: the plan does not publish (403), or its premium places are taken (422). */
export interface PublishingProblem {
  kind: 'needs_plan' | 'quota_full';
  status: 403 | 422;
  message: string;
}

/**
 * What stands in the way of changing a property's published features from `current` to `next` on `plan`, with
 * `premiumElsewhere` premium tours of the provider inside the quota; null when nothing does. Sharing or making
 * premium anew needs a plan that publishes; a new premium tour needs a free place, unless it is paid on its own.
 * Withdrawing never meets a problem.
 */
export function publishingProblem(
  plan: Pick<ProviderPlan, 'canPublish' | 'premiumTourLimit'>,
  next: PublishedFeatures,
  premiumElsewhere: number,
  current: { publishedFeatures: PublishedFeatures; immexSubscriptionId: string | null },
): PublishingProblem | null {
  const was = current.publishedFeatures;
  const newlyShared = (next.tour && !was.tour) || (next.website && !was.website);
  const newlyPremium = next.premium && !was.premium;
  if ((newlyShared || newlyPremium) && !plan.canPublish) {
    return { kind: 'needs_plan', status: 403, message: PUBLISHING_NEEDS_PLAN };
  }
  const paidSeparately = current.immexSubscriptionId !== null;
  if (
    newlyPremium &&
    !paidSeparately &&
    plan.premiumTourLimit !== null &&
    premiumElsewhere >= plan.premiumTourLimit
  ) {
    return { kind: 'quota_full', status: 422, message: quotaFull(plan.premiumTourLimit) };
  }
  return null;
}

/** A title as a slug: lowercase ASCII letters and digits joined by hyphens, at most 60, `property` if none. */
export function slugOf(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'property'
  );
}

/** `base` if no live property of the provider has it, else the first of `base-2`, `base-3`... that is free. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * How a scan model reads in the back office's pickers: the title of the first property made of it and its id, with
 * how many other properties show it (`Harbour Loft (SxQL3iGyoDo)`, `Harbour Loft and 2 more (SxQL3iGyoDo)`).
 */
export function modelDisplayName(model: { id: string; name: string; propertyCount: number }): string {
  const others = model.propertyCount - 1;
  return others > 0 ? `${model.name} and ${others} more (${model.id})` : `${model.name} (${model.id})`;
}
