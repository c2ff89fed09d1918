import type { Language } from '@tourly/contracts';
import rosetta from 'rosetta';

/** The spec names Chinese and Japanese `cn` and `jp`; the page's `lang` attribute needs BCP 47's `zh` and `ja`. */
export const HTML_LANG: Record<Language, string> = {
  en: 'en',
  es: 'es',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  cn: 'zh',
  jp: 'ja',
};

/** What a string is filled in with: `count` also picks its plural form. */
export type TranslationParams = Record<string, string | number>;

/**
 * The player's strings (web/README.md, "Languages"). Not i18next: its 15 KB gzip were a sixth of the page's first
 * load, for three things the player asks of it: a key's string in the visitor's language with English behind it,
 * `{{name}}` filled in, and the plural form a count takes in that language (`key_one`, `key_few`, `key_other`: the
 * locale files keep i18next's convention, the forms CLDR names). rosetta (300 bytes) keeps the tables and fills the
 * strings in; Intl.PluralRules picks the form.
 */
export function translator(english: Record<string, string>) {
  const tables = rosetta<Record<string, string>>({ en: english });
  const rules = new Map<Language, Intl.PluralRules>();
  const pluralRules = (of: Language) => {
    let found = rules.get(of);
    if (!found) rules.set(of, (found = new Intl.PluralRules(HTML_LANG[of])));
    return found;
  };
  return {
    has: (language: Language) => tables.table(language) !== undefined,
    add: (language: Language, strings: Record<string, string>) => tables.set(language, strings),
    /** `key`'s string in `shown` (English where that language lacks it), filled in; the key itself if none has it. */
    translate(shown: Language, key: string, params?: TranslationParams): string {
      const count = params?.count;
      for (const from of shown === 'en' ? (['en'] as const) : [shown, 'en' as const]) {
        const keys =
          typeof count === 'number'
            ? [`${key}_${pluralRules(from).select(count)}`, `${key}_other`, key]
            : [key];
        for (const candidate of keys) {
          const text = tables.t(candidate, params, from);
          if (text) return text;
        }
      }
      return key;
    },
  };
}
