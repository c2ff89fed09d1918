import { Title } from 'react-admin';
import { PRODUCT_NAME } from '../shared/strings';
import { AREA_LABELS, type ConsoleArea } from './areas';
import { AREA_RESOURCES } from './resources';

const UPCOMING: Record<ConsoleArea, string[]> = {
  admin: [
    'Providers’ billing accounts, plans and negotiated pricing (billing service)',
    'Provider orders and floorplan configuration (orders service)',
    'Provider properties, digital twins and staging assets (properties service)',
  ],
  virtual_assistant: [
    'Floorplan, schematic floorplan and trueplan orders (orders service)',
    'Amendments (orders service)',
  ],
  external_supplier: ['Floorplan orders, their files and their workflow (orders service)'],
};

export function Dashboard({ area }: { area: ConsoleArea }) {
  const label = AREA_LABELS[area];
  return (
    <div className="page">
      <title>{`${label} · ${PRODUCT_NAME}`}</title>
      <Title title={label} />
      <h1>{label}</h1>
      <section className="empty-state">
        <p>
          {AREA_RESOURCES[area].length > 0
            ? 'Pick what to work on from the menu. Still to come, with the services that own them:'
            : 'There is nothing to manage here yet. These areas arrive with the services that own them:'}
        </p>
        <ul>
          {UPCOMING[area].map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
