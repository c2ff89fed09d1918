import { LANGUAGE_STORAGE_KEY, LANGUAGES, MESSAGES, type Language } from '@tourly/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import en from './locales/en.json';
import { HTML_LANG, translator, type TranslationParams } from './translate';

/** Each language's own name, as the switch lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  cn: '中文',
  jp: '日本語',
};

// Only English comes with the page; another language's strings load when it is chosen.
const otherLocales = import.meta.glob<{ default: Record<string, string> }>([
  './locales/*.json',
  '!./locales/en.json',
]);

const isLanguage = (value: string | null): value is Language =>
  value !== null && (LANGUAGES as readonly string[]).includes(value);

/** The visitor's own choice, if one is kept. */
function storedLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    // Storage can be refused (a private window, a sandboxed embed): no choice kept then.
    return null;
  }
}

// English quotes the spec's strings from contracts, so the two cannot drift apart.
const strings = translator({ ...en, required: MESSAGES.required, emailSent: MESSAGES.emailSent });
let language: Language = 'en';
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentLanguage = () => language;

/**
 * The page's language and its `t`, for a component: it renders again when the language changes (`t` is then a new
 * function, so what a component memoises on it is made again).
 */
export function useTranslation(): {
  t: (key: string, params?: TranslationParams) => string;
  i18n: { language: Language };
} {
  const shown = useSyncExternalStore(subscribe, currentLanguage);
  const t = useCallback(
    (key: string, params?: TranslationParams) => strings.translate(shown, key, params),
    [shown],
  );
  return { t, i18n: { language: shown } };
}

async function load(wanted: Language): Promise<void> {
  if (strings.has(wanted)) return;
  const module = await otherLocales[`./locales/${wanted}.json`]!();
  strings.add(wanted, module.default);
}

/** Shows the page in `wanted`; the visitor's choice is kept at once, before its strings have loaded. */
export async function changeLanguage(wanted: Language, remember = true): Promise<void> {
  if (remember) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, wanted);
    } catch {
      // Not kept past this page, as above.
    }
  }
  await load(wanted);
  language = wanted;
  document.documentElement.lang = HTML_LANG[wanted];
  for (const listener of listeners) listener();
}

/** Starts in the stored language (default English), its strings loaded before the first render. */
export async function startI18n(): Promise<void> {
  const stored = storedLanguage() ?? 'en';
  if (stored !== 'en') await changeLanguage(stored, false);
  else document.documentElement.lang = HTML_LANG.en;
}

/** The tour's language (the provider's setup) for a visitor who has chosen none; their own choice wins. */
export async function applyTourLanguage(tourLanguage: string | undefined): Promise<void> {
  if (storedLanguage() === null && isLanguage(tourLanguage ?? null) && tourLanguage !== language)
    await changeLanguage(tourLanguage as Language, false);
}
