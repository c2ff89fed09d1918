import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { twinState } from '../alignment';
import type { DigitalTwin } from '../api';
import { useDeleteDigitalTwinMutation } from '../queries';

/** The twin's model and state, and "Remove" (asked first). */
export function TwinSummary({ propertyId, twin }: { propertyId: string; twin: DigitalTwin }) {
  const removal = useDeleteDigitalTwinMutation();
  const [asking, setAsking] = useState(false);
  return (
    <section className="card twin-panel twin-summary" aria-labelledby="twin-model-title">
      <h2 id="twin-model-title">{twin.asset?.name ?? 'Model deleted from the library'}</h2>
      <p className={`twin-state is-${twin.alignment}`} role="status">
        {twinState(twin)}
      </p>
      {!twin.asset && (
        <p className="muted">
          The library no longer has this twin’s model: remove the twin and choose another model.
        </p>
      )}
      <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
        Remove
      </button>
      <ErrorDisplay error={removal.error} title="The digital twin was not removed" />
      <ConfirmDialog
        open={asking}
        title="Remove the digital twin?"
        confirmLabel="Remove"
        isPending={removal.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void removal.run(propertyId).then(() => setAsking(false))}
      >
        <p>
          Visitors no longer see it, and its pairs of points are forgotten. The model stays in your library.
        </p>
      </ConfirmDialog>
    </section>
  );
}
