/** A welcome screen as the player shows it (the API's answer, camelCased). */
export interface WelcomeScreenData {
  id: string;
  title: string;
  text: string;
  buttonLabel: string;
  media: {
    type: 'no_media' | 'photo' | 'video';
    size: 'small' | 'medium' | 'large' | 'fullscreen';
    url: string | null;
  };
}

export interface WelcomeWords {
  next: string;
  skipAll: string;
  startTour: string;
  /** "Screen 2 of 3" */
  position(at: number, of: number): string;
}

export const ENGLISH_WELCOME_WORDS: WelcomeWords = {
  next: 'Next',
  skipAll: 'Skip all',
  startTour: 'Start the tour',
  position: (at, of) => `Screen ${at} of ${of}`,
};

/** What a screen's buttons say and do: the main one goes on (or starts the tour on the last), Skip all ends now. */
export function screenButtons(
  screens: readonly Pick<WelcomeScreenData, 'buttonLabel'>[],
  index: number,
  words: WelcomeWords,
): { main: string; last: boolean; skip: boolean } {
  const last = index >= screens.length - 1;
  const label = screens[index]?.buttonLabel.trim() ?? '';
  return { main: label || (last ? words.startTour : words.next), last, skip: !last };
}

/** Splits a screen's text into its paragraphs (blank lines between them). */
export function paragraphsOf(text: string): string[] {
  return text.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== '');
}
