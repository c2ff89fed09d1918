import { LANGUAGES, type Language } from '@tourly/contracts';
import { useId } from 'react';
import { changeLanguage, LANGUAGE_NAMES, useTranslation } from './i18n';

/** The visitor's language (001 §5), kept for the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <span className="player-language">
      <label htmlFor={id}>{t('language')}</label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
