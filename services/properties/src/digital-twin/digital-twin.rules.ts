export const DIGITAL_TWIN_NOT_FOUND = 'Digital twin not found';

export const DIGITAL_TWIN_MESSAGES = {
  notYourAsset: 'is not a model of your staging library',
  exists: 'The property already has a digital twin: delete it first to use another model',
} as const;
