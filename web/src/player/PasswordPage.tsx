import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { unlockTour } from './api';

/**
 * A tour whose player link has a password asks for it first: username and password unlock it (the server sets the
 * tour's cookie), then `onUnlocked` loads the tour; a refusal shows in the server's words.
 */
export function PasswordPage({ tourId, onUnlocked }: { tourId: string; onUnlocked(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await unlockTour(tourId, username, password);
      onUnlocked();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.messages.join(' ') : String(caught));
      setSending(false);
    }
  }

  return (
    <main className="player-message">
      <form className="player-password" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('passwordTitle')}</h1>
        <p>{t('passwordText')}</p>
        <label htmlFor={`${id}-username`}>{t('username')}</label>
        <input
          id={`${id}-username`}
          autoComplete="username"
          value={username}
          required
          onChange={(event) => setUsername(event.target.value)}
        />
        <label htmlFor={`${id}-password`}>{t('password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          required
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && (
          <p className="lead-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="player-button" disabled={sending}>
          {t('unlock')}
        </button>
      </form>
    </main>
  );
}
