import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  ENGLISH_WELCOME_WORDS,
  paragraphsOf,
  screenButtons,
  type WelcomeScreenData,
  type WelcomeWords,
} from './sequence';
import './welcome.css';

interface WelcomeScreensProps {
  screens: WelcomeScreenData[];
  /** The visitor started the tour (the last screen's button, or Skip all, or Escape). */
  onDone(): void;
  words?: WelcomeWords;
  /** A visitor lands on the button; the provider's preview leaves the focus in the editor. */
  takeFocus?: boolean;
}

/**
 * The welcome screens, one after another before the tour starts: a modal dialog (its title names it) whose main
 * button goes on (Next, or Start the tour on the last), with Skip all; Escape skips too, Tab stays inside. Full screen
 * at phone width (welcome.css).
 */
export function WelcomeScreens({
  screens,
  onDone,
  words = ENGLISH_WELCOME_WORDS,
  takeFocus = true,
}: WelcomeScreensProps) {
  const [index, setIndex] = useState(0);
  const titleId = useId();
  const mainRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) mainRef.current?.focus({ preventScroll: true });
  }, [index, takeFocus]);
  const screen = screens[index];
  if (!screen) return null;
  const buttons = screenButtons(screens, index, words);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [
      ...(dialogRef.current?.querySelectorAll<HTMLElement>('button, video[controls], a[href]') ?? []),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  const { media } = screen;
  return (
    <div
      ref={dialogRef}
      className="welcome-screens"
      role="dialog"
      aria-modal={takeFocus}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <div className={`welcome-screens-card welcome-screens-${media.size}`}>
        <div className="welcome-screens-body">
          {media.type === 'photo' && media.url && (
            <img className="welcome-screens-media" src={media.url} alt="" />
          )}
          {media.type === 'video' && media.url && (
            <video
              className="welcome-screens-media"
              src={media.url}
              controls
              muted
              playsInline
              preload="metadata"
            />
          )}
          <h2 id={titleId}>{screen.title}</h2>
          {paragraphsOf(screen.text).map((paragraph, at) => (
            <p key={at}>{paragraph}</p>
          ))}
        </div>
        <div className="welcome-screens-actions">
          {screens.length > 1 && (
            <span className="welcome-screens-position">{words.position(index + 1, screens.length)}</span>
          )}
          {buttons.skip && (
            <button type="button" className="welcome-screens-skip" onClick={onDone}>
              {words.skipAll}
            </button>
          )}
          <button
            ref={mainRef}
            type="button"
            className="welcome-screens-next"
            onClick={() => (buttons.last ? onDone() : setIndex(index + 1))}
          >
            {buttons.main}
          </button>
        </div>
      </div>
    </div>
  );
}
