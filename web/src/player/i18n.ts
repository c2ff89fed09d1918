import { LANGUAGE_STORAGE_KEY, LANGUAGES, MESSAGES, type Language } from '@tourly/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

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

/** The spec names Chinese and Japanese `cn` and `jp`; the page's `lang` attribute needs BCP 47's `zh` and `ja`. */
const HTML_LANG: Record<Language, string> = {
  en: 'en',
  es: 'es',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  cn: 'zh',
  jp: 'ja',
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

async function load(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const module = await otherLocales[`./locales/${language}.json`]!();
  i18next.addResourceBundle(language, 'translation', module.default);
}

/** Shows the page in `language`; the visitor's choice is kept at once, before its strings have loaded. */
export async function changeLanguage(language: Language, remember = true): Promise<void> {
  if (remember) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not kept past this page, as above.
    }
  }
  await load(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

/** Starts i18next in the stored language (default English), its strings loaded before the first render. */
export async function startI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    // English quotes the spec's strings from contracts, so the two cannot drift apart.
    resources: { en: { translation: { ...en, required: MESSAGES.required, emailSent: MESSAGES.emailSent } } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const language = storedLanguage() ?? 'en';
  if (language !== 'en') await changeLanguage(language, false);
  else document.documentElement.lang = HTML_LANG.en;
}

/** The tour's language (the provider's setup) for a visitor who has chosen none; their own choice wins. */
export async function applyTourLanguage(language: string | undefined): Promise<void> {
  if (storedLanguage() === null && isLanguage(language ?? null) && language !== i18next.language)
    await changeLanguage(language as Language, false);
}
