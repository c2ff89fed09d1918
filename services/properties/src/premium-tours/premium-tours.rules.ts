import type { PlanChangeReview } from '@tourly/contracts';

/** A premium tour inside the plan's quota, and since when it is premium. */
export interface PremiumTour {
  id: string;
  title: string;
  premiumSince: Date;
}

/** Tours as the downgrade modal and `properties.tours.deactivated.v1` list them: oldest premium place first. */
export function oldestFirst(
  tours: PremiumTour[],
): Array<{ id: string; title: string; premiumSince: string }> {
  return tours
    .map((tour) => ({ id: tour.id, title: tour.title, premiumSince: tour.premiumSince.toISOString() }))
    .sort((a, b) => a.premiumSince.localeCompare(b.premiumSince));
}

/** A shared tour or published website, as the provider's review and mail name it. */
export interface Publication {
  id: string;
  title: string;
  tour: boolean;
  website: boolean;
}

/**
 * What a plan would stop now (billing's plan change review): the premium tours beyond its limit turn basic (oldest
 * premium first; none for an unlimited plan), and a plan that does not publish stops sharing every tour and
 * publishing every website; the rules `applyPlanChange` applies when the plan comes into force.
 */
export function reviewOf(
  plan: { premiumTourLimit: number | null; canPublish: boolean },
  beyondLimit: PremiumTour[],
  published: Publication[],
): PlanChangeReview {
  const named = (row: Publication) => ({ propertyId: row.id, title: row.title });
  return {
    toursTurningBasic:
      plan.premiumTourLimit === null
        ? []
        : oldestFirst(beyondLimit).map(({ id, title, premiumSince }) => ({
            propertyId: id,
            title,
            premiumSince,
          })),
    toursUnshared: plan.canPublish ? [] : published.filter((row) => row.tour).map(named),
    websitesUnpublished: plan.canPublish ? [] : published.filter((row) => row.website).map(named),
  };
}
