import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from './i18n';
import { ApiError } from '../api/errors';

interface PasswordPageProps {
  /** Sends the username and password to the tour's gate or its website's (each sets the tour's cookie). */
  unlock(username: string, password: string): Promise<unknown>;
  onUnlocked(): void;
  /** What the password opens, as the page names it. */
  subject?: 'tour' | 'website';
}

/**
 * A tour whose player link has a password, and its property's website, ask for it first: username and password
 * unlock it (the server sets the tour's cookie), then `onUnlocked` loads the page; a refusal shows in the server's
 * words.
 */
export function PasswordPage({ unlock, onUnlocked, subject = 'tour' }: PasswordPageProps) {
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
      await unlock(username, password);
      onUnlocked();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.messages.join(' ') : String(caught));
      setSending(false);
    }
  }

  return (
    <main className="player-message">
      <form className="player-password" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t(subject === 'website' ? 'websitePasswordTitle' : 'passwordTitle')}</h1>
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
          {t(subject === 'website' ? 'websiteUnlock' : 'unlock')}
        </button>
      </form>
    </main>
  );
}
