import { WayfindingLayer } from '../../../../player/layers/wayfinding/WayfindingLayer';
import { SharePreviewSpace } from './previewSpace';
import { useWayfindingQuery } from './queries';

/**
 * Inside the preview's TourView: the saved journeys as visitors will follow them, and the preview's space shared
 * with the editors beside it.
 */
export function WayfindingPreview({ propertyId }: { propertyId: string }) {
  const layer = useWayfindingQuery(propertyId).data;
  return (
    <>
      <SharePreviewSpace />
      {layer && <WayfindingLayer layer={layer} />}
    </>
  );
}
