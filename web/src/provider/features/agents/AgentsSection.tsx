import { useId, useState } from 'react';
import { PROVIDER_SIDE_ROLES } from '@tourly/contracts';
import { ErrorDisplay } from '../../../shared/ErrorDisplay';
import { useUsersQuery } from '../settings/queries';
import { movedUp, withAdded, without } from './agents';
import { useAgentIdsQuery, useSaveAgentIdsMutation } from './queries';
import './agents.css';

/** The team the picker offers: one page of the provider's users, the most a page holds. */
const TEAM_PAGE_SIZE = 100;

/**
 * The property's agents (001 §3 "contacts (agentIds)"): the people of the provider whom visitors of the published
 * tour and website see in the contact panel, in this order, and to whom their messages are e-mailed. Each change is
 * saved at once.
 */
export function AgentsSection({ propertyId }: { propertyId: string }) {
  const headingId = useId();
  const pickerId = useId();
  const agentIds = useAgentIdsQuery(propertyId);
  const users = useUsersQuery(1, TEAM_PAGE_SIZE);
  const save = useSaveAgentIdsMutation();
  const [picked, setPicked] = useState('');
  const [notice, setNotice] = useState('');

  const team = (users.data?.items ?? []).filter((user) => PROVIDER_SIDE_ROLES.includes(user.role));
  const byId = new Map(team.map((user) => [user.id, user]));
  const chosen = agentIds.data ?? [];
  const addable = team.filter((user) => !chosen.includes(user.id));
  const nameOf = (id: string) => {
    const user = byId.get(id);
    return user ? `${user.firstName} ${user.lastName}`.trim() || user.email : 'A former team member';
  };

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
      <ErrorDisplay error={agentIds.error ?? users.error ?? save.error} />
      {!agentIds.data || !users.data ? (
        !(agentIds.error || users.error) && (
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
                  {index > 0 && (
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
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Remove ${nameOf(id)}`}
                    disabled={save.isPending}
                    onClick={() => change(without(chosen, id), `${nameOf(id)} removed.`)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ol>
          )}
          {addable.length > 0 && (
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
                  <option value="">Choose a team member…</option>
                  {addable.map((user) => (
                    <option key={user.id} value={user.id}>
                      {nameOf(user.id)} ({user.email})
                    </option>
                  ))}
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
