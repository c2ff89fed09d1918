import { Link, Title, useCanAccess, useCreatePath } from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { PRODUCT_NAME } from '../shared/strings';
import { AREA_LABELS, type ConsoleArea } from './areas';
import { AREA_RESOURCES } from './resources';

/**
 * What an area's people manage that the console does not offer yet, in their words (never the code's: which service
 * owns it is nobody's business on this page). Empty: nothing is said.
 */
const NOT_YET: Record<ConsoleArea, string[]> = {
  admin: [],
  virtual_assistant: [],
  external_supplier: [],
};

/**
 * An area's front page: what there is to work on (its resources, each a link, as in the menu: those the role may
 * list), then what the console does not do yet.
 */
export function Dashboard({ area }: { area: ConsoleArea }) {
  const label = AREA_LABELS[area];
  const resources = AREA_RESOURCES[area];
  const notYet = NOT_YET[area];
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
      {notYet.length > 0 && <p className="empty-state">Not in the console yet: {listInWords(notYet)}.</p>}
    </div>
  );
}

/** 'a', 'a and b', 'a, b and c'. */
function listInWords(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
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
