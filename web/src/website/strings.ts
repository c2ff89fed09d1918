/** The words of the website's own parts (the provider's words - title, description, features - are shown as written). */
export interface WebsiteStrings {
  keyFacts: string;
  about: string;
  features: string;
  virtualTour: string;
  photos: string;
  floorplan: string;
  videos: string;
  video: string;
  documentsAndLinks: string;
  document: string;
  location: string;
  openMap: string;
  ask: string;
  tourOf(title: string): string;
  photoOf(number: number, title: string): string;
  bedrooms(count: number): string;
  bathrooms(count: number): string;
  carSpaces(count: number): string;
  /** `area` is the measure with its unit ("120 m²"). */
  floorArea(area: string): string;
  landArea(area: string): string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const ENGLISH_WEBSITE_STRINGS: WebsiteStrings = {
  keyFacts: 'Key facts',
  about: 'About the property',
  features: 'Features',
  virtualTour: 'Virtual tour',
  photos: 'Photos',
  floorplan: 'Floorplan',
  videos: 'Videos',
  video: 'Video',
  documentsAndLinks: 'Documents and links',
  document: 'Document',
  location: 'Location',
  openMap: 'Open the map',
  ask: 'Ask about this property',
  tourOf: (title) => `Virtual tour of ${title}`,
  photoOf: (number, title) => `Photo ${number} of ${title}`,
  bedrooms: (count) => plural(count, 'bedroom', 'bedrooms'),
  bathrooms: (count) => plural(count, 'bathroom', 'bathrooms'),
  carSpaces: (count) => plural(count, 'car space', 'car spaces'),
  floorArea: (area) => `${area} floor`,
  landArea: (area) => `${area} land`,
};
