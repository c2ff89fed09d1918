import { useId } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { CreatorStudioProps, SceneSettings } from '../api';
import { useSaveSettingsMutation } from '../queries';

const PRESET_LABELS: Record<SceneSettings['lighting'], string> = {
  natural: 'Natural daylight',
  warm: 'Warm',
  cool: 'Cool',
  evening: 'Evening',
};

/**
 * The scene's settings (001 §7 `sceneSettings`): each change is saved to the draft at once (PATCH settings), apart
 * from the placements' Save and their undo; visitors see it when the staging is published.
 */
export function SceneSettingsForm({
  propertyId,
  settings,
  presets,
}: {
  propertyId: string;
  settings: SceneSettings;
  presets: CreatorStudioProps['lightingPresets'];
}) {
  const saving = useSaveSettingsMutation();
  const lightingId = useId();
  const change = (next: Partial<SceneSettings>) => void saving.run(propertyId, next);

  return (
    <section className="card staging-panel" aria-labelledby="staging-settings-title">
      <h2 id="staging-settings-title">Scene settings</h2>
      <label htmlFor={lightingId}>Lighting</label>
      <select
        className="field-input"
        id={lightingId}
        value={settings.lighting}
        disabled={saving.isPending}
        onChange={(event) => change({ lighting: event.target.value as SceneSettings['lighting'] })}
      >
        {presets.map((preset) => (
          <option key={preset} value={preset}>
            {PRESET_LABELS[preset]}
          </option>
        ))}
      </select>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.globalLighting}
          disabled={saving.isPending}
          onChange={(event) => change({ globalLighting: event.target.checked })}
        />
        Light the whole space with the preset, not only the placed pieces
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.shadows}
          disabled={saving.isPending}
          onChange={(event) => change({ shadows: event.target.checked })}
        />
        Shadows under the pieces
      </label>
      <p className="muted" role="status">
        {saving.isPending ? 'Saving the settings…' : 'Settings are saved to the draft as you change them.'}
      </p>
      <ErrorDisplay error={saving.error} />
    </section>
  );
}
