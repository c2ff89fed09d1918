import { Link, useSearchParams } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import type { Property } from '../features/properties/api';
import { StagingEditor } from '../features/staging/components/StagingEditor';
import { StagingPageFrame } from '../features/staging/components/StagingPageFrame';
import type { CreatorStudioProps, StagingScene } from '../features/staging/api';
import { stagingPath } from '../features/staging/paths';
import { usePreviewQuery } from '../features/tours/layers/queries';
import { usePlayerLinkQuery } from '../features/tours/sharing';

/**
 * `/provider/properties/:id/vt_staging/edit` (001 §2 "staging editor", the creator studio): the scan in Showcase with
 * the library, the plan, the scene's settings, Save draft and Publish. Sketchfab's authorisation comes back here
 * with `?sketchfab=connected`, or `?sketchfab=failed&reason=…` (its words, shown as they are).
 */
export default function StagingEditorPage() {
  const [search] = useSearchParams();
  const sketchfab = search.get('sketchfab');
  return (
    <StagingPageFrame
      heading="Staging editor"
      back={(property) => ({ to: stagingPath(property.id), label: 'Virtual staging' })}
    >
      {({ readOnly, ...loaded }) =>
        readOnly ? (
          <p className="alert alert-info">
            As a member you can see the staging on its <Link to={stagingPath(loaded.property.id)}>page</Link>;
            the admins and scan technicians of your account stage and publish it.
          </p>
        ) : (
          <>
            {sketchfab === 'connected' && (
              <p className="alert alert-success" role="status">
                Your Sketchfab account is connected: paste a model’s link in the library to import it.
              </p>
            )}
            {sketchfab === 'failed' && (
              <p className="alert alert-error" role="alert">
                Sketchfab was not connected: {search.get('reason') ?? 'please start again.'}
              </p>
            )}
            <EditorWithSpace {...loaded} />
          </>
        )
      }
    </StagingPageFrame>
  );
}

/** The editor once the tour's preview says where Showcase is and which SDK to connect with. */
function EditorWithSpace({
  property,
  props,
  scene,
}: {
  property: Property;
  props: CreatorStudioProps;
  scene: StagingScene;
}) {
  const link = usePlayerLinkQuery(property.id);
  const tourId = link.data?.virtualTour.id;
  const preview = usePreviewQuery(property.id, tourId);
  const failure = link.error ?? preview.error;
  if (failure && !preview.data) return <ErrorDisplay error={failure} />;
  if (!preview.data) return <Loading />;
  return (
    <StagingEditor
      property={property}
      props={props}
      scene={scene}
      space={{ embedUrl: preview.data.model.embedUrl, sdk: preview.data.showcaseSdk }}
    />
  );
}
