export interface WebsiteSettings {
  headline: string | null;
  description: string | null;
  primaryColor: string;
  showAddress: boolean;
  showMap: boolean;
  showTour: boolean;
  showAgents: boolean;
  showContactForm: boolean;
}

export interface PropertyFeatures {
  bedrooms: number | null;
  bathrooms: number | null;
  carSpaces: number | null;
  floorArea: number | null;
  landArea: number | null;
  measurementUnit: 'metric' | 'imperial' | 'both';
  price: string | null;
  features: string[];
}

/** Branding's defaults (001 §3: primary colour #ffffff); everything shown until turned off. */
export const DEFAULT_SETTINGS: WebsiteSettings = {
  headline: null,
  description: null,
  primaryColor: '#ffffff',
  showAddress: true,
  showMap: true,
  showTour: true,
  showAgents: true,
  showContactForm: true,
};

export const DEFAULT_FEATURES: PropertyFeatures = {
  bedrooms: null,
  bathrooms: null,
  carSpaces: null,
  floorArea: null,
  landArea: null,
  measurementUnit: 'metric',
  price: null,
  features: [],
};

/** The keys a PATCH sent (null included: it restores the default). */
export function given(form: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined));
}

/** The chosen items in the order chosen (ids no longer there are skipped); null: all, in their own order. */
export function select<T extends { id: string }>(items: T[], chosen: string[] | null): T[] {
  if (chosen === null) return items;
  const byId = new Map(items.map((item) => [item.id, item]));
  return chosen.map((id) => byId.get(id)).filter((item): item is T => !!item);
}
