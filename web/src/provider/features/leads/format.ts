import type { Lead } from './api';

export type LeadAttribution = NonNullable<Lead['attribution']>;

/** A stay in a room, short enough for a phone's line: '45 s', '2 min', '1 h 5 min'. */
export function formatStay(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * The rooms a lead's visitor stayed in longest, as a sentence: 'Kitchen (2 min), Living room (45 s)'. A room whose
 * name is on two floors says which ('Bedroom (floor 2, 1 min)'); floors count from 1 for people, from 0 in the tour.
 */
export function roomsViewed(rooms: LeadAttribution['rooms']): string {
  const named = new Map<string, number>();
  for (const { room } of rooms) named.set(room, (named.get(room) ?? 0) + 1);
  return rooms
    .map(({ room, floor, seconds }) => {
      const where = (named.get(room) ?? 0) > 1 && floor !== null ? `floor ${floor + 1}, ` : '';
      return `${room} (${where}${formatStay(seconds)})`;
    })
    .join(', ');
}

/** The rooms in the order the visitor walked them: 'Hall → Kitchen → Living room'. */
export const roomPath = (path: string[]) => path.join(' → ');
