import { useEffect, useId, useRef } from 'react';
import { useTranslation } from './i18n';
import type { PlayerTour } from './api';
import { ContactPanel } from './ContactPanel';

/**
 * The lead gate, closed (issue 33): over the tour, which stays inert behind it, the contact form in the visitor's
 * language, the tour's agents above it. Nothing closes it but a sent lead: the server answers with the tour's pass
 * (a cookie for a week), and `onSent` opens the tour again on this page. The footer (the language switch) and the
 * cookie banner stay usable below it.
 */
export function LeadGate({ tour, onSent }: { tour: PlayerTour; onSent(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  // Keyboard and screen reader users start where the page now asks something of them.
  useEffect(() => dialog.current?.focus(), []);

  return (
    <div className="lead-gate">
      <div ref={dialog} className="lead-gate-dialog" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId}>{t('leadGateTitle')}</h2>
        <p>{t('leadGateText')}</p>
        <ContactPanel
          tourId={tour.id}
          agents={tour.agents}
          source={{ tourId: tour.id }}
          title={tour.property.title}
          onSent={onSent}
        />
      </div>
    </div>
  );
}
