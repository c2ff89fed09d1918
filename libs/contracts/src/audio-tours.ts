/**
 * Whether an audio tour has any sound to play: music, a room's narration or a sound in the space. One that plays
 * nothing (the editor makes an empty one on its first visit) is none: visitors get no audio tour, and neither the
 * player nor the preview shows a sound button for silence.
 */
export function playsSomething(tour: {
  backgroundMusic: unknown;
  roomNarrations: readonly unknown[];
  spatialSources: readonly unknown[];
}): boolean {
  return tour.backgroundMusic !== null || tour.roomNarrations.length > 0 || tour.spatialSources.length > 0;
}
