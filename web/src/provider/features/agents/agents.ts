/** The list with the id moved one place up (first stays first). */
export function movedUp(ids: readonly string[], id: string): string[] {
  const index = ids.indexOf(id);
  if (index <= 0) return [...ids];
  const moved = [...ids];
  [moved[index - 1], moved[index]] = [moved[index], moved[index - 1]];
  return moved;
}

export const without = (ids: readonly string[], id: string): string[] => ids.filter((other) => other !== id);

export const withAdded = (ids: readonly string[], id: string): string[] =>
  ids.includes(id) ? [...ids] : [...ids, id];
