import { useState } from 'react';
import { ApiError } from '../../../../../api/errors';
import { ConfirmDialog } from '../../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../../shared/format';
import { useBilling } from '../../../billing/BillingContext';
import type { TourDraft } from '../api';
import { useDiscardDraftMutation, usePublishLayersMutation } from '../queries';
import type { LayersEditor } from '../useLayersEditor';

interface PublishBarProps {
  tourId: string;
  propertySlug: string;
  draft: TourDraft;
  editor: LayersEditor;
}

/** What the draft is now, in a few words: read out as it changes. */
function draftState(draft: TourDraft, editor: LayersEditor): string {
  if (editor.saving) return 'Saving the draft…';
  if (editor.unsaved && editor.refusal) return 'Not saved: see what to fix below';
  if (editor.unsaved) return 'Editing…';
  if (draft.hasDraft) return 'Draft saved · unpublished changes';
  if (draft.publishedAt) return `Published ${formatDate(draft.publishedAt)} · no unpublished changes`;
  return 'Not published yet: visitors see the display defaults';
}

/**
 * The draft's state and what can be done with it: Publish (what is waiting is saved first; the free plan's 403 in
 * the server's words with "Upgrade plan", and never a pretence that it worked) and Discard draft (after asking),
 * back to the published layers.
 */
export function PublishBar({ tourId, propertySlug, draft, editor }: PublishBarProps) {
  const publish = usePublishLayersMutation();
  const discard = useDiscardDraftMutation();
  const { canManageBilling, openUpgrade } = useBilling();
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const refused = publish.error instanceof ApiError && publish.error.status === 403 ? publish.error : null;
  const busy = publish.isPending || discard.isPending;

  async function publishDraft() {
    setNotice('');
    discard.reset();
    if (!(await editor.flush())) return;
    const outcome = await publish.run(propertySlug);
    if (outcome.ok) {
      editor.reset(outcome.value.state);
      setNotice('Published: visitors see this version of the tour now.');
    }
  }

  async function discardDraft() {
    setNotice('');
    publish.reset();
    const outcome = await discard.run(tourId);
    setConfirming(false);
    if (outcome.ok) {
      editor.reset(outcome.value.state);
      setNotice('The draft was discarded: the tour is back to its published version.');
    }
  }

  return (
    <section className="publish-bar" aria-label="Draft and publishing">
      <div className="publish-bar-row">
        <p className="publish-bar-state" role="status">
          {draftState(draft, editor)}
        </p>
        <div className="actions">
          {(draft.hasDraft || editor.unsaved) && (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              Discard draft
            </button>
          )}
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void publishDraft()}
          >
            {publish.isPending ? 'Publishing…' : 'Publish'}
          </button>
        </div>
      </div>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {refused ? (
        <div className="alert alert-warning" role="alert">
          {refused.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
          {canManageBilling ? (
            <button type="button" className="button button-primary" onClick={openUpgrade}>
              Upgrade plan
            </button>
          ) : (
            <p className="muted">Ask an admin of your account to upgrade the plan.</p>
          )}
        </div>
      ) : (
        <ErrorDisplay error={publish.error ?? discard.error} />
      )}
      <ConfirmDialog
        open={confirming}
        title="Discard the draft?"
        confirmLabel="Discard draft"
        isPending={discard.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void discardDraft()}
      >
        <p>The tour goes back to its published version, and the changes not yet published are lost.</p>
      </ConfirmDialog>
    </section>
  );
}
