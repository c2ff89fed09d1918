import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { DigitalTwin } from '../api';
import { useSaveConfigMutation } from '../queries';

/**
 * Whether visitors see the twin (the config's `visible`, saved as it changes). The config's opacity, lighting and
 * hidden floors are sent back as stored: the player does not apply them yet, so the page does not offer them.
 */
export function VisibilityForm({ propertyId, twin }: { propertyId: string; twin: DigitalTwin }) {
  const saving = useSaveConfigMutation();
  const { config } = twin;
  return (
    <section className="card twin-panel" aria-labelledby="twin-visitors-title">
      <h2 id="twin-visitors-title">Visitors</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={config.visible}
          disabled={saving.isPending}
          onChange={(event) => void saving.run(propertyId, { ...config, visible: event.target.checked })}
        />
        Show to visitors
      </label>
      <p className="muted" role="status">
        {saving.isPending
          ? 'Saving…'
          : 'Once aligned, the tour shows the model around the scan with an “Exterior” button that hides it.'}
      </p>
      <ErrorDisplay error={saving.error} title="The setting was not saved" />
    </section>
  );
}
