import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../../api/errors';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { PRODUCT_NAME } from '../../../../shared/strings';
import type { Property } from '../../properties/api';
import { propertyPath, PROPERTIES_PATH } from '../../properties/paths';
import { usePropertyQuery } from '../../properties/queries';
import { useAccountPermissionsQuery } from '../../settings/queries';
import type { CreatorStudioProps, StagingScene } from '../api';
import { useCreatorStudioPropsQuery, useSceneQuery } from '../queries';
import { CreatorStudioRequired } from './CreatorStudioRequired';
import '../staging.css';

/**
 * What both staging pages start from: the property, the creator studio's props and the scene. A property that is not
 * the provider's is "Property not found"; a plan without the creator studio (the server's 403) is the explanation and
 * the plans, never an editor that would fail.
 */
export function StagingPageFrame({
  heading,
  back,
  children,
}: {
  heading: string;
  /** where the back link leads, and its words; the property's page when not given */
  back?: (property: Property) => { to: string; label: string };
  children: (loaded: {
    property: Property;
    props: CreatorStudioProps;
    scene: StagingScene;
    /** a member: reads the staging, which the admins and scan technicians change */
    readOnly: boolean;
  }) => ReactNode;
}) {
  const { id = '' } = useParams();
  const property = usePropertyQuery(id);
  const props = useCreatorStudioPropsQuery(id);
  const scene = useSceneQuery(id);
  const readOnly = useAccountPermissionsQuery().data?.manageProperties === false;
  const failure = property.error ?? props.error ?? scene.error;

  const notFound = failure instanceof ApiError && failure.status === 404;
  if (notFound || (property.error && !property.data)) {
    return (
      <div className="page">
        <title>{`${notFound ? 'Property not found' : heading} · ${PRODUCT_NAME}`}</title>
        <p className="back-link">
          <Link to={PROPERTIES_PATH}>← Properties</Link>
        </p>
        <h1>{notFound ? 'Property not found' : heading}</h1>
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
  const link = back?.(property.data) ?? { to: propertyPath(id), label: title };
  const refusedByPlan = failure instanceof ApiError && failure.status === 403;

  return (
    <div className="page staging-page">
      <title>{`${heading} · ${title} · ${PRODUCT_NAME}`}</title>
      <p className="back-link">
        <Link to={link.to}>← {link.label}</Link>
      </p>
      <h1>{heading}</h1>
      {refusedByPlan ? (
        <CreatorStudioRequired messages={failure.messages} />
      ) : failure ? (
        <ErrorDisplay error={failure} />
      ) : props.data && scene.data ? (
        children({ property: property.data, props: props.data, scene: scene.data, readOnly })
      ) : (
        <Loading />
      )}
    </div>
  );
}
