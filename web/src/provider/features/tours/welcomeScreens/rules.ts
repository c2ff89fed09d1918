import type { WelcomeScreen, WelcomeScreenForm } from './api';

/** At most this many screens (the API's limit). */
export const MAX_WELCOME_SCREENS = 5;

/** A screen being edited: what is sent, a key for the list, and its file's address to show. */
export interface EditedScreen extends WelcomeScreenForm {
  key: string;
  mediaUrl: string | null;
}

let keys = 0;
const nextKey = () => `screen-${++keys}`;

export const editedScreen = (screen: WelcomeScreen): EditedScreen => ({
  key: screen.id,
  title: screen.title,
  text: screen.text,
  buttonLabel: screen.buttonLabel,
  media: { type: screen.media.type, size: screen.media.size, fileId: screen.media.fileId },
  mediaUrl: screen.media.url,
});

export const blankScreen = (): EditedScreen => ({
  key: nextKey(),
  title: '',
  text: '',
  buttonLabel: '',
  media: { type: 'no_media', size: 'medium', fileId: null },
  mediaUrl: null,
});

/** The list with the screen at `from` moved by `by` places (held within the list). */
export function moved<T>(list: readonly T[], from: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, from + by));
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** What is sent: a screen without media sends no file. */
export const formOf = (screen: EditedScreen): WelcomeScreenForm => ({
  title: screen.title,
  text: screen.text,
  buttonLabel: screen.buttonLabel,
  media: { ...screen.media, fileId: screen.media.type === 'no_media' ? null : screen.media.fileId },
});
