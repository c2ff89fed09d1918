import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import type { DigitalTwin } from '../features/digitalTwin/api';
import { AlignmentPanel } from '../features/digitalTwin/components/AlignmentPanel';
import { ModelChooser } from '../features/digitalTwin/components/ModelChooser';
import { TwinSummary } from '../features/digitalTwin/components/TwinSummary';
import { VisibilityForm } from '../features/digitalTwin/components/VisibilityForm';
import { useAlignmentQuery, useDigitalTwinQuery } from '../features/digitalTwin/queries';
import { OnboardingHint } from '../features/onboarding/OnboardingHint';
import '../features/digitalTwin/digitalTwin.css';
import type { Property } from '../features/properties/api';
import { propertyPath, PROPERTIES_PATH } from '../features/properties/paths';
import { usePropertyQuery } from '../features/properties/queries';
import { usePreviewQuery } from '../features/tours/layers/queries';
import { usePlayerLinkQuery } from '../features/tours/sharing';

const HEADING = 'Digital twin';

/**
 * `/provider/properties/:id/digital-twin` (issue 37; properties' README, "Digital twins"): its first-visit hint
 * (the `dtx_experience` onboarding flag) until dismissed; without a twin, the
 * staging library's models to choose from; with one, its model and state ("Remove", asked first), whether visitors
 * see it, and its alignment: the scan in Showcase beside the pairs of points, "Align", each pair's residual and the
 * verdict. Another provider's property, a deleted one or a malformed id: "Property not found".
 */
export default function DigitalTwinPage() {
  const { id = '' } = useParams();
  const property = usePropertyQuery(id);
  const twin = useDigitalTwinQuery(id);
  const failure = property.error ?? twin.error;

  const notFound = failure instanceof ApiError && failure.status === 404;
  if (notFound || (property.error && !property.data)) {
    return (
      <div className="page">
        <title>{`${notFound ? 'Property not found' : HEADING} · ${PRODUCT_NAME}`}</title>
        <p className="back-link">
          <Link to={PROPERTIES_PATH}>← Properties</Link>
        </p>
        <h1>{notFound ? 'Property not found' : HEADING}</h1>
        {notFound ? (
          <p>It may have been deleted, or the link is not quite right.</p>
        ) : (
          <ErrorDisplay error={failure} />
        )}
      </div>
    );
  }
  if (!property.data) return <Loading />;
  const { title } = property.data;

  return (
    <div className="page twin-page">
      <title>{`${HEADING} · ${title} · ${PRODUCT_NAME}`}</title>
      <p className="back-link">
        <Link to={propertyPath(id)}>← {title}</Link>
      </p>
      <h1>{HEADING}</h1>
      <OnboardingHint flag="dtx_experience" title="The property's surroundings, around the scan">
        <p>
          Choose a model of the building or its grounds from your library, then pick at least three points in
          the scan and the same points on the model: visitors see it around the tour once it is aligned.
        </p>
      </OnboardingHint>
      {twin.error ? (
        <ErrorDisplay error={twin.error} />
      ) : twin.data === undefined ? (
        <Loading />
      ) : twin.data === null ? (
        <ModelChooser propertyId={id} />
      ) : (
        <Twin property={property.data} twin={twin.data} />
      )}
    </div>
  );
}

/** A twin: its summary and visitors' setting, then its alignment once the pairs and the tour's preview are in. */
function Twin({ property, twin }: { property: Property; twin: DigitalTwin }) {
  const kept = useAlignmentQuery(property.id, true);
  const link = usePlayerLinkQuery(property.id);
  const preview = usePreviewQuery(property.id, link.data?.virtualTour.id);
  const failure = kept.error ?? link.error ?? preview.error;
  return (
    <>
      <div className="twin-head">
        <TwinSummary propertyId={property.id} twin={twin} />
        <VisibilityForm propertyId={property.id} twin={twin} />
      </div>
      {failure && !(kept.data && preview.data) ? (
        <ErrorDisplay error={failure} />
      ) : kept.data && preview.data ? (
        <AlignmentPanel
          key={twin.id}
          propertyId={property.id}
          title={property.title}
          twin={twin}
          kept={kept.data}
          space={{ embedUrl: preview.data.model.embedUrl, sdk: preview.data.showcaseSdk }}
        />
      ) : (
        <Loading />
      )}
    </>
  );
}
