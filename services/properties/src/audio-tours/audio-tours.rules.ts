/** Issue 34's audio tours: limits and the words of their refusals (002 §7 shows no fields: these are ours). */
export const AUDIO_LIMITS = {
  /** An audio file's size: narration and music, not albums. */
  fileBytes: 20 * 1024 * 1024,
  name: 120,
  room: 120,
  narrations: 100,
  sources: 50,
  /** Metres either way from the model's origin. */
  coordinate: 10_000,
  minRadius: 0.5,
  maxRadius: 100,
} as const;

export const AUDIO_MESSAGES = {
  fileNotFound: 'Audio file not found',
  tourNotFound: 'Audio tour not found',
  notYourAudioFile: 'must be one of your audio files',
  tooLarge: 'must be an audio file of at most 20MB',
  roomTwice: 'names a room already narrated',
  inUse: (titles: string[]) =>
    `is played in the tour of ${titles.join(', ')}: take it out of ${titles.length > 1 ? 'those tours' : 'that tour'} first`,
} as const;

/** An audio file's name when the provider gives none: the uploaded file's, without its extension. */
export function defaultAudioName(filename: string): string {
  const bare = filename.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return (bare || filename || 'Audio').slice(0, AUDIO_LIMITS.name);
}

/** Each room narrated once (its label compared without case): the field of the second mention, and why. */
export function roomNarrationRefusals(rooms: string[]): Record<string, string> {
  const seen = new Set<string>();
  const refusals: Record<string, string> = {};
  rooms.forEach((room, index) => {
    const key = room.trim().toLowerCase();
    if (seen.has(key)) refusals[`audioTour.roomNarrations.${index}.room`] = AUDIO_MESSAGES.roomTwice;
    seen.add(key);
  });
  return refusals;
}

/** The fields naming an audio file that is not among the provider's (`owned`), each with why. */
export function unknownAudioRefusals(
  named: Array<{ field: string; id: string | null | undefined }>,
  owned: ReadonlySet<string>,
): Record<string, string> {
  const refusals: Record<string, string> = {};
  for (const { field, id } of named) {
    if (id && !owned.has(id.toLowerCase())) refusals[field] = AUDIO_MESSAGES.notYourAudioFile;
  }
  return refusals;
}
