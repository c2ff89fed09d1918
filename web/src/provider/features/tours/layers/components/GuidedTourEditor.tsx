import type { TourLayers } from '@tourly/contracts';
import { ErrorDisplay } from '../../../../../shared/ErrorDisplay';
import { GuidedStopsEditor } from '../../guided/GuidedStopsEditor';
import { useSaveGuidedTourMutation } from '../queries';

type GuidedTour = TourLayers['guidedTour'];

interface GuidedTourEditorProps {
  propertyId: string;
  guidedTour: GuidedTour;
  /** The layer as the server answered: the page's layers follow it. */
  onSaved(guidedTour: GuidedTour): void;
}

/**
 * The guided tour (the scan's highlights played one after another): on or off (`enable_layer.json`), then whether
 * it starts by itself and loops (`guided_tour_layer.json`). Saved to the draft as each box is ticked. Below, its
 * stops (saved at once, apart from the draft).
 */
export function GuidedTourEditor({ propertyId, guidedTour, onSaved }: GuidedTourEditorProps) {
  const save = useSaveGuidedTourMutation();

  async function change(next: Partial<GuidedTour>) {
    const outcome = await save.run(propertyId, next);
    if (outcome.ok) onSaved(outcome.value);
  }

  return (
    <div className="layers-editor">
      <label className="check">
        <input
          type="checkbox"
          checked={guidedTour.enabled}
          disabled={save.isPending}
          onChange={(event) => void change({ enabled: event.target.checked })}
        />
        Play the guided tour
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={guidedTour.autoplay}
          disabled={save.isPending || !guidedTour.enabled}
          onChange={(event) => void change({ autoplay: event.target.checked })}
        />
        Start it when the tour opens
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={guidedTour.loop}
          disabled={save.isPending || !guidedTour.enabled}
          onChange={(event) => void change({ loop: event.target.checked })}
        />
        Start again after the last stop
      </label>
      <ErrorDisplay error={save.error} />
      <GuidedStopsEditor propertyId={propertyId} />
    </div>
  );
}
