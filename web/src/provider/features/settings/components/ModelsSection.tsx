import { useId, useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { ProviderSettings } from '../api';
import { hasModelSource } from '../matterport';
import { useMatterportConnectionQuery, useSetAutoPopulateModelsMutation } from '../queries';

interface ModelsSectionProps {
  settings: ProviderSettings;
  canManage: boolean;
}

/**
 * The auto-populate models switch (POST /provider/settings/toggle_auto_populate_models), saved as it is flipped: the
 * properties service then makes a property, once, for each model of the Matterport account that has none. Without
 * a working connection (GET /provider/matterport_auth/connection) it says that nothing comes until there is one.
 */
export function ModelsSection({ settings, canManage }: ModelsSectionProps) {
  const { run, isPending, error } = useSetAutoPopulateModelsMutation();
  const connection = useMatterportConnectionQuery();
  const status = connection.data?.status;
  const [saved, setSaved] = useState(false);
  const hintId = useId();

  async function toggle(enabled: boolean) {
    setSaved(false);
    const outcome = await run(enabled);
    if (outcome.ok) setSaved(true);
  }

  return (
    <section className="card" aria-labelledby="settings-models">
      <h2 id="settings-models">Models</h2>
      <ErrorDisplay error={error} />
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          checked={settings.autoPopulateModels}
          disabled={!canManage || isPending}
          aria-describedby={hintId}
          onChange={(event) => toggle(event.target.checked)}
        />
        Auto-populate models
      </label>
      <div id={hintId} className="field-hint">
        <p>
          When on, a property is created for you, once, for each model of your Matterport account that has no
          property yet; models without an address are skipped. It starts within seconds, then looks for new
          models every few minutes.
        </p>
        {status && !hasModelSource(status) && (
          <p>
            {status === 'broken'
              ? 'Your Matterport connection stopped working: nothing is added until it is connected again.'
              : 'It needs a connected Matterport account: nothing is added until one is connected.'}
          </p>
        )}
      </div>
      <p role="status" className="muted">
        {saved ? (settings.autoPopulateModels ? 'Auto-populate is on.' : 'Auto-populate is off.') : ''}
      </p>
    </section>
  );
}
