import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { analyticsExportUrl } from '../api';
import { useDeleteAnalyticsMutation } from '../queries';

/**
 * The property's raw data: Export CSV (every event still kept, whatever the range) and, for admins, deleting it all
 * after a confirmation (the server refuses the other roles).
 */
export function AnalyticsDataSection({
  propertyId,
  propertyTitle,
  isAdmin,
}: {
  propertyId: string;
  propertyTitle: string;
  isAdmin: boolean;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const remove = useDeleteAnalyticsMutation(propertyId);

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Data</h2>
      {deleted && (
        <p className="alert alert-success" role="status">
          The analytics data of this property was deleted.
        </p>
      )}
      <ErrorDisplay error={remove.error} />
      <p className="muted">
        Export CSV has one row per event visitors’ browsers sent that is still kept (every date, not only this
        range).
      </p>
      <div className="actions">
        <a className="button button-secondary" href={analyticsExportUrl(propertyId)} download>
          Export CSV
        </a>
        {isAdmin && (
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              setDeleted(false);
              remove.reset();
              setConfirming(true);
            }}
          >
            Delete analytics data
          </button>
        )}
      </div>
      {isAdmin && (
        <ConfirmDialog
          open={confirming}
          title="Delete analytics data?"
          confirmLabel="Delete analytics data"
          isPending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            void remove.run().then((outcome) => {
              setConfirming(false);
              setDeleted(outcome.ok);
            });
          }}
        >
          <p>
            Every visit recorded for “{propertyTitle}” and the numbers made from them go, for every date. This
            cannot be undone. New visits are counted again from now on.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
