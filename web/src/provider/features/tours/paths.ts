import { propertyPath } from '../properties/paths';

/** The tabs of the tour space, as `?tab=` names them (a link can open one). */
export const TOUR_TABS = ['space', 'share', 'password', 'url_parameters'] as const;
export type TourTab = (typeof TOUR_TABS)[number];

/** A property's tour space (001 §2), on one of its tabs (Space when none is named). */
export const tourSpacePath = (propertyId: string, tab?: TourTab) =>
  `${propertyPath(propertyId)}/virtual-tour/space${tab && tab !== 'space' ? `?tab=${tab}` : ''}`;
