import { TagsLayer } from '../../../../player/layers/tags/TagsLayer';
import { SharePreviewSpace } from './previewSpace';
import { useTagLayerQuery } from './queries';

/** Inside the preview's TourView: the saved tags as visitors will see them, and the preview's space shared with the editor. */
export function TagsPreview({ propertyId }: { propertyId: string }) {
  const layer = useTagLayerQuery(propertyId).data;
  return (
    <>
      <SharePreviewSpace />
      {layer && layer.settings.tourlyTagsEnabled && <TagsLayer tags={layer.customTags} />}
    </>
  );
}
