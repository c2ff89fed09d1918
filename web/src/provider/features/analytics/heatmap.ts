import type { AnalyticsPlace, RoomPin } from './api';
import { formatRatio } from './format';

/**
 * The heat map over the floor plan: pure helpers for the rooms the provider places by hand (Matterport's coordinates
 * do not map onto a drawn plan) and for the circles drawn over them.
 */

/** A room of the tour: its name on its floor, as the player reports it (null: a room without a floor). */
export interface Room {
  room: string;
  floor: number | null;
}

/** A room's identity: its name on its floor, as the server keys pins. */
export const roomKey = (room: Room) => `${room.floor ?? ''}:${room.room}`;

/**
 * The rooms the provider can place: those of the range's places (a sweep without a room cannot be placed), then those
 * placed earlier that had no time in the range, each once.
 */
export function placeableRooms(places: AnalyticsPlace[], pins: RoomPin[]): Room[] {
  const rooms = new Map<string, Room>();
  for (const place of places) {
    if (place.room === null) continue;
    const room = { room: place.room, floor: place.floor };
    rooms.set(roomKey(room), room);
  }
  for (const { room, floor } of pins) {
    if (!rooms.has(roomKey({ room, floor }))) rooms.set(roomKey({ room, floor }), { room, floor });
  }
  return [...rooms.values()];
}

/** A time beside a circle, short: '45 s', '2 min', '1 h 5 min'. */
export function shortSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** A placed room with its time in the range, and how hot and how big its circle is (0 to 1, the top place 1). */
export interface HeatPin extends RoomPin {
  seconds: number;
  share: number;
  /** The share against the top place's: the colour, as the ranked list colours its bars. */
  heat: number;
  /** The time against the top place's, by area (a circle twice as big holds four times the time). */
  size: number;
  visited: boolean;
}

export function heatPins(pins: RoomPin[], places: AnalyticsPlace[]): HeatPin[] {
  const byRoom = new Map<string, AnalyticsPlace>();
  for (const place of places) {
    if (place.room !== null) byRoom.set(roomKey({ room: place.room, floor: place.floor }), place);
  }
  const topShare = places.reduce((max, place) => Math.max(max, place.share), 0);
  const topSeconds = places.reduce((max, place) => Math.max(max, place.seconds), 0);
  return pins.map((pin) => {
    const place = byRoom.get(roomKey(pin));
    const seconds = place?.seconds ?? 0;
    const share = place?.share ?? 0;
    return {
      ...pin,
      seconds,
      share,
      heat: topShare > 0 ? share / topShare : 0,
      size: topSeconds > 0 ? Math.sqrt(seconds / topSeconds) : 0,
      visited: place !== undefined,
    };
  });
}

/** What a circle says to a screen reader (and in its tooltip): 'Kitchen: 2 min, 40% of the time'. */
export const heatLabel = (pin: HeatPin) =>
  pin.visited
    ? `${pin.room}: ${shortSeconds(pin.seconds)}, ${formatRatio(pin.share)} of the time`
    : `${pin.room}: no time in this range`;

/** A fraction of the image kept on it, to four places (a tenth of a pixel on a 1,000-pixel plan). */
export const onImage = (value: number) => Math.min(1, Math.max(0, Math.round(value * 10_000) / 10_000));

/**
 * The floor plan to show when a room is chosen for placing: where it is, else where the other rooms of its floor are,
 * else the floor plan whose place in the list is its floor (the first for floor 1), else the one shown.
 */
export function floorplanFor(room: Room, draft: RoomPin[], floorplanIds: string[], shown: string): string {
  const own = draft.find((pin) => roomKey(pin) === roomKey(room));
  if (own) return own.floorplanId;
  const neighbour = draft.find((pin) => pin.floor === room.floor);
  if (neighbour) return neighbour.floorplanId;
  const byPosition = room.floor === null ? undefined : floorplanIds[room.floor];
  return byPosition ?? shown;
}
