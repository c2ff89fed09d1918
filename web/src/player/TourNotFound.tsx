import { useTranslation } from './i18n';

/** What a visitor sees when the link does not lead to a published tour. */
export function TourNotFound() {
  const { t } = useTranslation();
  return (
    <main className="player-message">
      <title>{t('notFoundTitle')}</title>
      <div>
        <h1>{t('notFoundTitle')}</h1>
        <p>{t('notFoundText')}</p>
      </div>
    </main>
  );
}
