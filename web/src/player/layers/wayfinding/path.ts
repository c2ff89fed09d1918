import type { SpaceSweep } from '../../../tour/space';

/**
 * The way from one sweep to another over the space's neighbours (breadth first: the fewest moves), both ends
 * included; null when either end is not in the space or nothing links them. Neighbours are followed both ways: a
 * scan lists a link on one of its two sweeps at times.
 */
export function findPath(sweeps: readonly SpaceSweep[], from: string, to: string): string[] | null {
  const links = new Map<string, Set<string>>();
  const linksOf = (sid: string) => {
    let found = links.get(sid);
    if (!found) links.set(sid, (found = new Set()));
    return found;
  };
  for (const sweep of sweeps) {
    linksOf(sweep.sid);
    for (const neighbour of sweep.neighbors) {
      linksOf(sweep.sid).add(neighbour);
      linksOf(neighbour).add(sweep.sid);
    }
  }
  const known = new Set(sweeps.map((sweep) => sweep.sid));
  if (!known.has(from) || !known.has(to)) return null;
  const cameFrom = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  for (let next = 0; next < queue.length; next++) {
    const sid = queue[next];
    if (sid === to) break;
    for (const neighbour of links.get(sid) ?? []) {
      // A neighbour the space does not list as a sweep is not a place to stand.
      if (cameFrom.has(neighbour) || !known.has(neighbour)) continue;
      cameFrom.set(neighbour, sid);
      queue.push(neighbour);
    }
  }
  if (!cameFrom.has(to)) return null;
  const path: string[] = [];
  for (let at: string | null = to; at !== null; at = cameFrom.get(at) ?? null) path.unshift(at);
  return path;
}
