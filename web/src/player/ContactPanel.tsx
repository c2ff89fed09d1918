import { useState } from 'react';
import { useTranslation } from './i18n';
import { useAnalytics } from './analyticsContext';
import { recordPhoneReveal, type Agent } from './api';
import defaultAvatar from './default-avatar.svg';
import { LeadForm } from './LeadForm';
import type { LeadSource } from './api';

/** The phone number with its last three characters as dots, until the visitor asks for it (001 §5). */
export const maskedPhone = (phone: string) => `${phone.slice(0, -3)}•••`;

interface ContactPanelProps {
  /** The tour's public id, for the phone-reveal analytics; null on the website, which records none. */
  tourId: string | null;
  agents: Agent[];
  /** Where a lead would come from; null: no contact form (a paused tour's page lists the agents only). */
  source: LeadSource | null;
  title: string;
  onSent?(): void;
}

/** The contact modal's content: the agents (avatar, name, phone), then the contact form. */
export function ContactPanel({ tourId, agents, source, title, onSent }: ContactPanelProps) {
  const { t } = useTranslation();
  return (
    <div className="player-contact">
      {agents.length > 0 && (
        <ul className="player-agents" aria-label={t('agents')}>
          {agents.map((agent) => (
            <li key={agent.id} className="player-agent">
              <img
                className="player-agent-avatar"
                src={agent.avatarUrl ?? defaultAvatar}
                alt=""
                width={48}
                height={48}
                decoding="async"
              />
              <div>
                <p className="player-agent-name">{agent.fullName}</p>
                {agent.phoneNumber && <AgentPhone tourId={tourId} agent={agent} phone={agent.phoneNumber} />}
              </div>
            </li>
          ))}
        </ul>
      )}
      {source && <LeadForm source={source} defaultMessage={t('defaultMessage', { title })} onSent={onSent} />}
    </div>
  );
}

function AgentPhone({ tourId, agent, phone }: { tourId: string | null; agent: Agent; phone: string }) {
  const { t } = useTranslation();
  const analytics = useAnalytics();
  const [revealed, setRevealed] = useState(false);

  function reveal() {
    setRevealed(true);
    analytics.record('phone_revealed');
    // The analytics event is the provider's to read later: the visitor gets the number whether or not it arrives.
    if (tourId) recordPhoneReveal(tourId, agent.id).catch(() => undefined);
  }

  if (revealed)
    return (
      <a className="player-agent-phone" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
        <span className="visually-hidden">{t('call', { name: agent.fullName })}: </span>
        {phone}
      </a>
    );
  return (
    <button type="button" className="player-agent-phone player-phone-reveal" onClick={reveal}>
      <span aria-hidden="true">{maskedPhone(phone)}</span>
      <span className="visually-hidden">{t('revealPhone')}</span>
      {/* Only where there is room for it (001 §5: above 600 px wide; player.css). */}
      <span className="player-tooltip" role="tooltip">
        {t('revealTooltip')}
      </span>
    </button>
  );
}
