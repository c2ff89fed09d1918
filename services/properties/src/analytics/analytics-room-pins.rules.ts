/**
 * The heat map's room pins (issue 33): where the provider placed each room on a floor-plan image, by hand. Pure
 * rules, checked against the property's floor plans before a list replaces the pins.
 */

/** The most pins a property keeps: the heat map's places are the top 50, with room to spare for older rooms. */
export const MAX_ROOM_PINS = 200;

export const NOT_A_FLOORPLAN = 'is not a floor plan of this property';
/** A PDF has no pixels the browser draws under a pin: the page offers images only. */
export const NOT_A_FLOORPLAN_IMAGE = 'is a PDF: rooms can only be placed on a floor-plan image';
export const PLACED_TWICE = 'is placed twice: a room has one place on its floor';

export interface RoomPin {
  room: string;
  floor: number | null;
  floorplanId: string;
  x: number;
  y: number;
}

/** What the rules need of a floor plan: its id, and what its file is. */
export interface FloorplanFacts {
  id: string;
  contentType: string | null;
}

/** A floor plan the browser can draw pins over (not a PDF). */
export const isFloorplanImage = (floorplan: FloorplanFacts) =>
  floorplan.contentType?.startsWith('image/') ?? false;

/** A room's identity on the heat map: its name on its floor (a room without a floor is one too). */
export const roomKey = (pin: { room: string; floor: number | null }) => `${pin.floor ?? ''}:${pin.room}`;

/**
 * What is wrong with a list of pins, `field -> message` (fields as `roomPins.<index>.<field>`), empty when nothing:
 * each on one of the property's floor-plan images, each room placed once.
 */
export function roomPinRefusals(
  pins: ReadonlyArray<RoomPin>,
  floorplans: ReadonlyArray<FloorplanFacts>,
): Record<string, string> {
  const byId = new Map(floorplans.map((floorplan) => [floorplan.id.toLowerCase(), floorplan]));
  const seen = new Set<string>();
  const errors: Record<string, string> = {};
  pins.forEach((pin, index) => {
    const floorplan = byId.get(pin.floorplanId.toLowerCase());
    if (!floorplan) errors[`roomPins.${index}.floorplanId`] = NOT_A_FLOORPLAN;
    else if (!isFloorplanImage(floorplan)) errors[`roomPins.${index}.floorplanId`] = NOT_A_FLOORPLAN_IMAGE;
    const key = roomKey(pin);
    if (seen.has(key)) errors[`roomPins.${index}.room`] = PLACED_TWICE;
    seen.add(key);
  });
  return errors;
}
