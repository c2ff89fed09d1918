import { TagsLayer } from '../../../../player/layers/tags/TagsLayer';
import { useTagLayerQuery } from './queries';

/** Inside the preview's TourView: the saved tags as visitors will see them. */
export function TagsPreview({ propertyId }: { propertyId: string }) {
  const layer = useTagLayerQuery(propertyId).data;
  return layer?.settings.tourlyTagsEnabled ? <TagsLayer tags={layer.customTags} /> : null;
}
