import { Link, Title, useCanAccess, useCreatePath } from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { PRODUCT_NAME } from '../shared/strings';
import { AREA_LABELS, type ConsoleArea } from './areas';
import { AREA_RESOURCES } from './resources';

const UPCOMING: Record<ConsoleArea, string[]> = {
  admin: ['Digital twins and staging assets (properties service)'],
  virtual_assistant: [],
  external_supplier: [],
};

/**
 * An area's front page: what there is to work on (its resources, each a link, as in the menu: those the role may
 * list), then what arrives later with the services that own it.
 */
export function Dashboard({ area }: { area: ConsoleArea }) {
  const label = AREA_LABELS[area];
  const resources = AREA_RESOURCES[area];
  const upcoming = UPCOMING[area];
  return (
    <div className="page">
      <title>{`${label} · ${PRODUCT_NAME}`}</title>
      <Title title={label} />
      <h1>{label}</h1>
      {resources.length > 0 && (
        <nav aria-label="Work on">
          <ul>
            {resources.map((resource) => (
              <ResourceEntry key={resource.name} resource={resource} />
            ))}
          </ul>
        </nav>
      )}
      {upcoming.length > 0 && (
        <section className="empty-state">
          <p>
            {resources.length > 0
              ? 'Still to come, with the services that own them:'
              : 'There is nothing to manage here yet. These areas arrive with the services that own them:'}
          </p>
          <ul>
            {upcoming.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** A link to a resource's list, for those who may list it. */
function ResourceEntry({ resource }: { resource: ResourceProps }) {
  const { canAccess } = useCanAccess({ resource: resource.name, action: 'list' });
  const createPath = useCreatePath();
  if (!canAccess || !resource.list) return null;
  const label = (resource.options as { label?: string } | undefined)?.label ?? resource.name;
  return (
    <li>
      <Link to={createPath({ resource: resource.name, type: 'list' })}>{label}</Link>
    </li>
  );
}
