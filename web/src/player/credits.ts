import type { ModelCredit } from './api';

/** Each third-party model once, however often the tour places it, in the order first placed. */
export function creditedModels(credits: ModelCredit[]): ModelCredit[] {
  const seen = new Set<string>();
  return credits.filter(({ model }) => !seen.has(model.uid) && seen.add(model.uid));
}
