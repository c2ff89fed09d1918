import { propertyPath } from '../properties/paths';

/** The analytics overview: every property's numbers for a range. */
export const ANALYTICS_PATH = '/provider/analytics';

/** A property's analytics page; `search` (`?range=7d`) carries the range across. */
export const propertyAnalyticsPath = (id: string, search = '') => `${propertyPath(id)}/analytics${search}`;
