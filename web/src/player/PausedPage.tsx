import { useEffect, useState } from 'react';
import { ContactPanel } from './ContactPanel';
import { fetchPausedTour, type PausedTour } from './api';
import { applyTourLanguage, useTranslation } from './i18n';

/**
 * A tour paused for an unpaid hosting fee (issue 32): the visitor is told so in their language (the tour's, until
 * they pick one), with how to reach the provider: its name and website from the tour's branding, and the property's
 * agents with their phone numbers. Never "Tour not found": the tour exists and comes back once paid.
 */
export function PausedPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState<PausedTour | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchPausedTour(id, controller.signal).then(
      (answer) => applyTourLanguage(answer.language).then(() => setPaused(answer)),
      () => undefined,
    );
    return () => controller.abort();
  }, [id]);

  const name = paused?.provider.name || t('pausedProvider');
  return (
    <main className="player-message">
      <title>{t('pausedTitle')}</title>
      <div>
        {paused?.provider.logoUrl && <img src={paused.provider.logoUrl} alt="" height={48} />}
        <h1>{t('pausedTitle')}</h1>
        <p>{t('pausedText', { name })}</p>
        {paused?.provider.url && (
          <p>
            <a href={paused.provider.url} target="_blank" rel="noreferrer">
              {t('pausedWebsite')}: {paused.provider.name || paused.provider.url}
            </a>
          </p>
        )}
        {paused && paused.agents.length > 0 && (
          <ContactPanel tourId={null} agents={paused.agents} source={null} title="" />
        )}
      </div>
    </main>
  );
}
