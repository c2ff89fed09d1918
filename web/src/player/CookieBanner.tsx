import { useId, useState } from 'react';
import { useTranslation } from './i18n';
import { rememberDeclined } from './consent';
import { acceptCookiePolicy } from './api';

/**
 * The cookie banner (analytics contract §2), at the foot of the tour page until answered: Accept asks the server for
 * the `cookie_policy_accepted` cookie, Decline is remembered in this tab's sessionStorage only. Either way the page
 * goes on: an accept the server did not record still counts for this page (the banner asks again next visit).
 */
export function CookieBanner({ onAnswer }: { onAnswer(consent: 'granted' | 'denied'): void }) {
  const { t } = useTranslation();
  const textId = useId();
  const [accepting, setAccepting] = useState(false);

  function accept() {
    setAccepting(true);
    acceptCookiePolicy().then(
      () => onAnswer('granted'),
      () => onAnswer('granted'),
    );
  }

  function decline() {
    rememberDeclined();
    onAnswer('denied');
  }

  return (
    <section className="player-cookies" aria-label={t('cookieBannerLabel')} aria-describedby={textId}>
      <p id={textId}>{t('cookieBannerText')}</p>
      <div className="player-cookies-buttons">
        <button type="button" className="player-button player-button-secondary" onClick={decline}>
          {t('cookieDecline')}
        </button>
        <button type="button" className="player-button" onClick={accept} disabled={accepting}>
          {t('cookieAccept')}
        </button>
      </div>
    </section>
  );
}
