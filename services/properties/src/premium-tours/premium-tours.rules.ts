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
