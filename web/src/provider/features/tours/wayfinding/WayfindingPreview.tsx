import { WayfindingLayer } from '../../../../player/layers/wayfinding/WayfindingLayer';
import { useWayfindingQuery } from './queries';

/**
 * Inside the preview's TourView: the saved journeys as visitors will follow them.
 */
export function WayfindingPreview({ propertyId }: { propertyId: string }) {
  const layer = useWayfindingQuery(propertyId).data;
  return <>{layer && <WayfindingLayer layer={layer} />}</>;
}
