import { useId, useState } from 'react';
import { PROVIDER_SIDE_ROLES } from '@tourly/contracts';
import { ErrorDisplay } from '../../../shared/ErrorDisplay';
import { useContactsQuery } from '../clients/queries';
import { usePropertyReadOnly } from '../properties/readOnly';
import { useUsersQuery } from '../settings/queries';
import { movedUp, withAdded, without } from './agents';
import { useAgentIdsQuery, useSaveAgentIdsMutation } from './queries';
import './agents.css';

/** The team and the contacts the picker offers: one page of each, the most a page holds. */
const TEAM_PAGE_SIZE = 100;

interface Agent {
  id: string;
  name: string;
  email: string;
}

/**
 * The property's agents (001 §3 "contacts (agentIds)"): the provider's people and contacts whom visitors of the
 * published tour and website see in the contact panel, in this order, and to whom their messages are e-mailed. Each
 * change is saved at once.
 */
export function AgentsSection({ propertyId }: { propertyId: string }) {
  const headingId = useId();
  const pickerId = useId();
  const readOnly = usePropertyReadOnly();
  const agentIds = useAgentIdsQuery(propertyId);
  const users = useUsersQuery(1, TEAM_PAGE_SIZE);
  const contacts = useContactsQuery({ page: 1, pageSize: TEAM_PAGE_SIZE });
  const save = useSaveAgentIdsMutation();
  const [picked, setPicked] = useState('');
  const [notice, setNotice] = useState('');

  const team: Agent[] = (users.data?.items ?? [])
    .filter((user) => PROVIDER_SIDE_ROLES.includes(user.role))
    .map((user) => ({
      id: user.id,
      name: `${user.firstName} ${user.lastName}`.trim() || user.email,
      email: user.email,
    }));
  const known: Agent[] = (contacts.data?.items ?? []).map((contact) => ({
    id: contact.id,
    name: contact.fullName,
    email: contact.emailAddress,
  }));
  const byId = new Map([...team, ...known].map((agent) => [agent.id, agent]));
  const chosen = agentIds.data ?? [];
  const addableTeam = team.filter((agent) => !chosen.includes(agent.id));
  const addableContacts = known.filter((agent) => !chosen.includes(agent.id));
  const nameOf = (id: string) => byId.get(id)?.name ?? 'A former agent';

  async function change(next: string[], done: string) {
    setNotice('');
    const outcome = await save.run(propertyId, next);
    if (outcome.ok) setNotice(done);
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>Agents</h2>
      </div>
      <p className="muted">
        Visitors of the published tour and website see them, in this order, with their phone numbers, and
        their messages are e-mailed to them. With no agents, messages go to the account’s admins.
      </p>
      <ErrorDisplay error={agentIds.error ?? users.error ?? contacts.error ?? save.error} />
      {!agentIds.data || !users.data || !contacts.data ? (
        !(agentIds.error || users.error || contacts.error) && (
          <p className="muted" role="status">
            Loading agents…
          </p>
        )
      ) : (
        <>
          {chosen.length === 0 ? (
            <p className="muted">No agents yet.</p>
          ) : (
            <ol className="agent-list" aria-label="Agents" aria-busy={save.isPending || undefined}>
              {chosen.map((id, index) => (
                <li key={id} className="agent-row">
                  <span className="agent-name">
                    <strong>{nameOf(id)}</strong>
                    {byId.get(id) && <span className="muted">{byId.get(id)?.email}</span>}
                  </span>
                  {!readOnly && index > 0 && (
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Move ${nameOf(id)} up`}
                      disabled={save.isPending}
                      onClick={() => change(movedUp(chosen, id), `${nameOf(id)} moved up.`)}
                    >
                      Move up
                    </button>
                  )}
                  {!readOnly && (
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Remove ${nameOf(id)}`}
                      disabled={save.isPending}
                      onClick={() => change(without(chosen, id), `${nameOf(id)} removed.`)}
                    >
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ol>
          )}
          {!readOnly && addableTeam.length + addableContacts.length > 0 && (
            <form
              className="agent-picker"
              onSubmit={(event) => {
                event.preventDefault();
                if (picked) void change(withAdded(chosen, picked), `${nameOf(picked)} added.`);
                setPicked('');
              }}
            >
              <div className="field">
                <label className="field-label" htmlFor={pickerId}>
                  Add an agent
                </label>
                <select
                  id={pickerId}
                  className="field-input"
                  value={picked}
                  onChange={(event) => setPicked(event.target.value)}
                >
                  <option value="">Choose a team member or a contact…</option>
                  {addableTeam.length > 0 && (
                    <optgroup label="Team">
                      {addableTeam.map((agent) => (
                        <option key={agent.id} value={agent.id}>
                          {agent.name} ({agent.email})
                        </option>
                      ))}
                    </optgroup>
                  )}
                  {addableContacts.length > 0 && (
                    <optgroup label="Contacts">
                      {addableContacts.map((agent) => (
                        <option key={agent.id} value={agent.id}>
                          {agent.name} ({agent.email})
                        </option>
                      ))}
                    </optgroup>
                  )}
                </select>
              </div>
              <button type="submit" className="button" disabled={!picked || save.isPending}>
                Add agent
              </button>
            </form>
          )}
        </>
      )}
      <p className="muted" role="status">
        {notice}
      </p>
    </section>
  );
}
