import { createContext, useContext } from 'react';

/**
 * The tour's 3D space as the layers use it (custom tags, wayfinding, guided stops, spatial audio): what Matterport's
 * Showcase SDK gives, in the player's words. `TourView` provides the session of its Showcase embed once its SDK has
 * connected; a layer reads it with `useSpace()` and does nothing (or shows its list only) while it is null: a tour
 * without the SDK still plays.
 */

/** A point of the space, in Showcase's metres (y up). */
export interface SpacePoint {
  x: number;
  y: number;
  z: number;
}

/** Where the camera looks, in degrees as the SDK's Camera.pose.rotation: x the pitch (-90 to 90), y the yaw. */
export interface SpaceRotation {
  x: number;
  y: number;
}

/** A scan position the visitor can stand at. */
export interface SpaceSweep {
  sid: string;
  position: SpacePoint;
  /** The floor's place from the lowest (0), null when the space has no floors. */
  floor: number | null;
  /** Its room's label, null outside any room. */
  room: string | null;
  /** The sweeps one step away: a journey walks from one to the next. */
  neighbors: string[];
}

/** A tag placed in the space: a disc on a stem, opened by a click (Matterport's Tag.add descriptor). */
export interface SpaceTag {
  id: string;
  label: string;
  description: string;
  /** `#rrggbb` */
  color: string;
  /** Where the stem stands. */
  anchorPosition: SpacePoint;
  /** The stem, from the anchor to the disc (its direction and length). */
  stemVector: SpacePoint;
  /** An icon's image shown on the disc (an uploaded icon, or one of the built-in set served with the app). */
  iconUrl?: string | null;
}

/**
 * A 3D model placed in the space (virtual staging): a GLB standing on the floor at `position`, turned about the up
 * axis; Showcase loads it from `url`.
 */
export interface SpaceModel {
  id: string;
  /** What it is (the node's name in the SDK). */
  name: string;
  url: string;
  position: SpacePoint;
  /** Degrees about the up axis (y), counter-clockwise seen from above. */
  yaw: number;
  /** Uniform, 1 the model's own size. */
  scale: number;
  /** A whole rotation (a unit quaternion) in place of `yaw`: a digital twin's alignment may tilt it. */
  rotation?: { x: number; y: number; z: number; w: number };
  /** Its size across the floor in metres at scale 1 (its asset's width and depth): a contact shadow is this big. */
  footprint?: { width: number; depth: number };
}

/** A light of the staged models: its colour (`#rrggbb`) and Matterport's intensity. */
export interface SpaceLight {
  color: string;
  intensity: number;
}

/** How the space's models are lit, and whether each casts a soft contact shadow. */
export interface SpaceLighting {
  /** Light from everywhere: the shade no side of a model falls below. */
  ambient: SpaceLight;
  /** The sun or the lamp: shines from `position` (metres above and beside the space's origin) towards the origin. */
  directional: SpaceLight & { position: SpacePoint };
  /** The GLB placed flat under each model with a footprint, sized by it; null: no shadows. */
  shadowUrl: string | null;
}

/** What a click in the 3D view landed on (the SDK's Pointer.intersection at the click). */
export interface SpacePick {
  position: SpacePoint;
  /** The surface's normal there: a tag's stem points along it. */
  normal: SpacePoint;
  /** Matterport's floor index there, when the SDK tells one (a staged piece stands on that floor). */
  floor: number | null;
}

/** The camera: the sweep the visitor stands at and where they look. */
export interface SpacePose {
  sweep: string | null;
  rotation: SpaceRotation;
  mode: 'inside' | 'dollhouse' | 'floorplan' | 'transitioning';
}

export interface SpaceSession {
  /** Every sweep of the space, with its neighbours. */
  sweeps(): Promise<SpaceSweep[]>;
  /** Moves the visitor to a sweep (then turns them to `rotation`); rejects an id the space does not have. */
  moveTo(sweep: string, rotation?: SpaceRotation): Promise<void>;
  /** The camera now. */
  pose(): Promise<SpacePose>;
  /** Calls `listener` with every change of the camera (a move, a turn, a mode); returns the unsubscribe. */
  onPose(listener: (pose: SpacePose) => void): () => void;
  /** Places tags in the space (replacing any of the same id); rejects a tag without a position. */
  showTags(tags: SpaceTag[]): Promise<void>;
  /** Takes tags out of the space (ids it does not show are ignored). */
  hideTags(ids: string[]): Promise<void>;
  /** Opens a tag as if the visitor had clicked it (the view turns to it). */
  openTag(id: string): Promise<void>;
  /** Calls `listener` with the id of each tag the visitor opens in the space; returns the unsubscribe. */
  onTagOpened(listener: (id: string) => void): () => void;
  /** Calls `listener` with each click in the 3D view (the editor places a tag there); returns the unsubscribe. */
  onPick(listener: (pick: SpacePick) => void): () => void;
  /**
   * Places 3D models in the space (replacing any of the same id); rejects when this Showcase's SDK has no Scene API.
   * A model whose file does not load is Showcase's to report; the others show.
   */
  showModels(models: SpaceModel[]): Promise<void>;
  /** Takes models out of the space (ids it does not show are ignored). */
  hideModels(ids: string[]): Promise<void>;
  /**
   * Lights the models with this lighting from now on (before any, the SDK's own basic lights): shown models take it at
   * once, the lights and shadows they had replaced.
   */
  setLighting(lighting: SpaceLighting): Promise<void>;
}

export const SpaceContext = createContext<SpaceSession | null>(null);

/** The session of the tour's 3D space, null until Showcase's SDK has connected (or when it never does). */
export function useSpace(): SpaceSession | null {
  return useContext(SpaceContext);
}
