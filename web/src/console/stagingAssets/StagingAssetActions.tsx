import { useState } from 'react';
import { Confirm, useBasename, useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { TextButton } from '../shared/TextButton';
import { useVerb } from '../shared/useVerb';
import { StagingAssetEditDialog } from './StagingAssetEditDialog';
import { assetName, capitalised, type StagingAssetRecord } from './stagingAssets';

/** What archiving an asset means, in its confirm dialog. */
export const ARCHIVE_CONSEQUENCE =
  'Providers no longer find it in their library. Staging scenes that place it keep it, and “Restore” brings it back.';

/** What deleting an asset does, in its confirm dialog: either of two things, decided by the server. */
export const DELETE_CONSEQUENCE =
  'It is deleted for good, its model file with it. If a published staging scene places it, it is archived instead, so that no visitor’s room loses a piece: the scene keeps it and providers no longer find it.';

/** The row's actions: "Edit" (a dialog), "Archive" or "Restore", "Delete", and "Log" (its rows of the log). */
export function StagingAssetActions() {
  const asset = useRecordContext<StagingAssetRecord>();
  const basename = useBasename();
  const { canAccess: canEdit } = useCanAccess({ resource: 'staging_assets', action: 'edit' });
  const [editing, setEditing] = useState(false);
  if (!asset) return null;
  const logPath = `${basename}/staging_asset_log?${new URLSearchParams({
    filter: JSON.stringify({ assetId: asset.id }),
  })}`;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8 }}>
      {canEdit && (
        <TextButton label="Edit" aria-label={`Edit ${asset.name}`} onClick={() => setEditing(true)} />
      )}
      {canEdit && <ArchiveOrRestoreButton asset={asset} />}
      <DeleteButton asset={asset} />
      <TextButton to={logPath} label="Log" aria-label={`Log of ${asset.name}`} />
      {editing && <StagingAssetEditDialog asset={asset} onClose={() => setEditing(false)} />}
    </span>
  );
}

/** "Archive" after its question, or "Restore" at once for an archived asset (PATCH ... `archived`). */
function ArchiveOrRestoreButton({ asset }: { asset: StagingAssetRecord }) {
  const { run, isPending } = useVerb();
  const [asking, setAsking] = useState(false);
  const what = assetName(asset);

  async function change(archive: boolean) {
    await run(
      (dataProvider) => dataProvider.updateStagingAsset(asset.id, { archived: archive }),
      `${capitalised(what)} ${archive ? 'archived' : 'restored to the library'}.`,
    );
    setAsking(false);
  }

  if (asset.archivedAt !== null) {
    return (
      <TextButton
        label="Restore"
        aria-label={`Restore ${asset.name}`}
        disabled={isPending}
        onClick={() => void change(false)}
      />
    );
  }
  return (
    <>
      <TextButton
        label="Archive"
        aria-label={`Archive ${asset.name}`}
        color="warning"
        disabled={isPending}
        onClick={() => setAsking(true)}
      />
      <Confirm
        isOpen={asking}
        loading={isPending}
        title={`Archive ${what}?`}
        content={ARCHIVE_CONSEQUENCE}
        confirm="Archive"
        confirmColor="warning"
        onConfirm={() => void change(true)}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/**
 * "Delete" after its question, which says both outcomes; then which one it was (DELETE answers alike for both: the
 * log says).
 */
function DeleteButton({ asset }: { asset: StagingAssetRecord }) {
  const { run, isPending } = useVerb();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'staging_assets', action: 'delete' });
  const [asking, setAsking] = useState(false);
  if (!canAccess) return null;
  const what = capitalised(assetName(asset));

  async function remove() {
    const answer: { outcome?: 'deleted' | 'archived' } = {};
    await run(async (dataProvider) => {
      answer.outcome = await dataProvider.deleteStagingAsset(asset.id);
    });
    setAsking(false);
    const { outcome } = answer;
    if (!outcome) return;
    const message =
      outcome === 'deleted'
        ? `${what} deleted for good.`
        : `${what} archived instead of deleted: a published staging scene places it.`;
    notify(message, { type: outcome === 'deleted' ? 'success' : 'warning', messageArgs: { _: message } });
  }

  return (
    <>
      <TextButton
        label="Delete"
        aria-label={`Delete ${asset.name}`}
        color="error"
        disabled={isPending}
        onClick={() => setAsking(true)}
      />
      <Confirm
        isOpen={asking}
        loading={isPending}
        title={`Delete ${assetName(asset)}?`}
        content={DELETE_CONSEQUENCE}
        confirm="Delete"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
