import { useId, useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { ProviderSettings } from '../api';
import { useSetAutoPopulateModelsMutation } from '../queries';

interface ModelsSectionProps {
  settings: ProviderSettings;
  canManage: boolean;
}

/** The auto-populate models switch (POST /provider/settings/toggle_auto_populate_models), saved as it is flipped. */
export function ModelsSection({ settings, canManage }: ModelsSectionProps) {
  const { run, isPending, error } = useSetAutoPopulateModelsMutation();
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
      <p id={hintId} className="field-hint">
        When on, the models of your scanning account are added to your properties for you.
      </p>
      <p role="status" className="muted">
        {saved ? (settings.autoPopulateModels ? 'Auto-populate is on.' : 'Auto-populate is off.') : ''}
      </p>
    </section>
  );
}
