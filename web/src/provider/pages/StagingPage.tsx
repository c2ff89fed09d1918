import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { formatDateTime } from '../../shared/format';
import type { Property } from '../features/properties/api';
import type { StagingScene } from '../features/staging/api';
import { StagingPageFrame } from '../features/staging/components/StagingPageFrame';
import { stagingEditorPath } from '../features/staging/paths';
import { usePublishStagingMutation } from '../features/staging/queries';
import { publishedNotice } from '../features/staging/visibility';

const LIGHTING: Record<StagingScene['settings']['lighting'], string> = {
  natural: 'natural daylight',
  warm: 'warm',
  cool: 'cool',
  evening: 'evening',
};

/**
 * `/provider/properties/:id/vt_staging` (001 §2 "staging save"): where the staging stands (the draft saved and not
 * yet published, or what visitors see), what it places, piece by piece, with Edit (the editor) and Publish.
 */
export default function StagingPage() {
  return (
    <StagingPageFrame heading="Virtual staging">
      {({ property, scene, readOnly }) => (
        <StagingSummary property={property} scene={scene} readOnly={readOnly} />
      )}
    </StagingPageFrame>
  );
}

function StagingSummary({
  property,
  scene,
  readOnly,
}: {
  property: Property;
  scene: StagingScene;
  readOnly: boolean;
}) {
  const publish = usePublishStagingMutation(property.id);
  const [published, setPublished] = useState(false);
  const counts = new Map<string, number>();
  for (const { asset } of scene.placements ?? []) counts.set(asset.name, (counts.get(asset.name) ?? 0) + 1);

  return (
    <section className="card staging-summary" aria-labelledby="staging-summary-title">
      <h2 id="staging-summary-title">
        {scene.hasDraft ? 'Draft, not published yet' : scene.publishedAt ? 'Published' : 'Nothing staged yet'}
      </h2>
      <p role="status">
        {scene.hasDraft && scene.draftSavedAt ? `Saved ${formatDateTime(scene.draftSavedAt)}. ` : ''}
        {!property.publishedFeatures.tour
          ? 'The tour is not shared yet: visitors see it, staged or not, once “Share the tour” is on.'
          : scene.publishedAt
            ? `Visitors see the staging published ${formatDateTime(scene.publishedAt)}.`
            : 'Visitors see the rooms as scanned, unstaged.'}
      </p>
      {counts.size > 0 && (
        <>
          <p>
            {scene.placementCount} {scene.placementCount === 1 ? 'piece' : 'pieces'}, lighting{' '}
            {LIGHTING[scene.settings.lighting]}
            {scene.settings.shadows ? ', with shadows' : ''}:
          </p>
          <ul className="staging-summary-pieces">
            {[...counts].map(([name, count]) => (
              <li key={name}>{count > 1 ? `${name} × ${count}` : name}</li>
            ))}
          </ul>
        </>
      )}
      {readOnly ? (
        <p className="muted">
          As a member you can see the staging; the admins and scan technicians change and publish it.
        </p>
      ) : (
        <p className="staging-summary-actions">
          <Link className="button button-primary" to={stagingEditorPath(property.id)}>
            {scene.placementCount > 0 ? 'Edit the staging' : 'Stage this property'}
          </Link>
          {scene.hasDraft && (
            <button
              type="button"
              className="button button-secondary"
              disabled={publish.isPending}
              onClick={() => void publish.run(property.slug).then((outcome) => setPublished(outcome.ok))}
            >
              Publish
            </button>
          )}
        </p>
      )}
      {scene.hasDraft && !readOnly && (
        <p className="muted">
          Publishing puts the staging live with the tour’s other saved layer changes, all at once.
        </p>
      )}
      {published && (
        <p className="alert alert-success" role="status">
          {publishedNotice(property)}
        </p>
      )}
      <ErrorDisplay error={publish.error} />
    </section>
  );
}
