import type { TourLayers } from '@tourly/contracts';
import { useState, type ReactNode } from 'react';
import { SpaceContext, type SpaceSession } from '../../../../../tour/space';
import { ErrorDisplay } from '../../../../../shared/ErrorDisplay';
import { Loading } from '../../../../../shared/Loading';
import { TourView } from '../../../../../tour/TourView';
import type { Property } from '../../../properties/api';
import { usePlayerLinkQuery } from '../../sharing';
import type { TourDraft, TourPreview } from '../api';
import { useDraftQuery, usePreviewQuery } from '../queries';
import { useLayersEditor } from '../useLayersEditor';
import { AudioTourEditor } from '../../audio/AudioTourEditor';
import { PreviewLayers } from '../../guided/PreviewLayers';
import { SpaceRelay } from './SpaceRelay';
import { GuidedTourEditor } from './GuidedTourEditor';
import { MenuEditor } from './MenuEditor';
import { OverlayEditor } from './OverlayEditor';
import { PublishBar } from './PublishBar';
import { TemplatesPanel } from './TemplatesPanel';
import { WelcomeScreenEditor } from './WelcomeScreenEditor';
import { WayfindingEditor } from '../../wayfinding/WayfindingEditor';
import { WayfindingPreview } from '../../wayfinding/WayfindingPreview';
import { WelcomeScreensEditor } from '../../welcomeScreens/WelcomeScreensEditor';
import { WelcomeScreensPreview } from '../../welcomeScreens/WelcomeScreensPreview';
import { CustomTagsEditor } from '../../tags/CustomTagsEditor';
import { TagsPreview } from '../../tags/TagsPreview';

/**
 * The Space tab: the tour as visitors will see it (the draft's preview, asked again after each save) beside the
 * editors of its layers, under the draft's state with Publish and Discard draft.
 */
export function TourSpace({ property }: { property: Property }) {
  const link = usePlayerLinkQuery(property.id);
  const tourId = link.data?.virtualTour.id;
  const draft = useDraftQuery(property.id, tourId);
  const failure = link.error ?? draft.error;
  if (failure && !draft.data) return <ErrorDisplay error={failure} />;
  if (!tourId || !draft.data) return <Loading />;
  return <Workspace property={property} tourId={tourId} draft={draft.data} />;
}

function Workspace({ property, tourId, draft }: { property: Property; tourId: string; draft: TourDraft }) {
  const editor = useLayersEditor(tourId, draft);
  const preview = usePreviewQuery(property.id, tourId);
  // Pictures uploaded here, by id: the editor shows them before the preview comes back with them.
  const [images, setImages] = useState<Record<string, string>>({});
  // The preview's 3D space, for the editors beside it (stops and sounds take its camera).
  const [space, setSpace] = useState<SpaceSession | null>(null);
  const { layers } = editor;
  if (!layers) return <Loading />;

  const set = <Key extends keyof TourLayers>(
    key: Key,
    change: (current: TourLayers[Key]) => TourLayers[Key],
  ) => editor.edit((current) => ({ ...current, [key]: change(current[key]) }));
  const welcomeImageUrl = imageUrlOf(preview.data, layers.welcomeScreen.imageId, images);

  return (
    <div className="tour-space">
      <PublishBar tourId={tourId} propertySlug={property.slug} draft={draft} editor={editor} />
      <div className="tour-space-body">
        <section className="tour-preview" aria-labelledby="tour-preview-title">
          <h2 id="tour-preview-title" className="visually-hidden">
            Preview
          </h2>
          <div className="tour-preview-frame">
            {preview.data ? (
              <TourView tour={withImage(preview.data, images)} mode="preview">
                <SpaceRelay onSpace={setSpace} />
                <WelcomeScreensPreview propertyId={property.id} />
                <WayfindingPreview propertyId={property.id} />
                <TagsPreview propertyId={property.id} />
                <PreviewLayers
                  propertyId={property.id}
                  propertySlug={property.slug}
                  guidedTour={layers.guidedTour}
                />
              </TourView>
            ) : preview.error ? (
              <ErrorDisplay error={preview.error} />
            ) : (
              <Loading />
            )}
          </div>
          <p className="muted tour-preview-hint" role="status">
            {preview.isFetching && preview.data
              ? 'Updating the preview…'
              : 'The preview shows the saved draft; edits are saved by themselves a moment after you stop.'}
          </p>
        </section>
        <SpaceContext value={space}>
          <div className="tour-editors">
            <EditorSection title="Overlay">
              <OverlayEditor
                overlay={layers.overlay}
                onChange={(change) => set('overlay', change)}
                refusal={editor.refusal}
              />
            </EditorSection>
            <EditorSection title="Menu">
              <MenuEditor
                entries={layers.menu.entries}
                onChange={(change) => set('menu', (menu) => ({ ...menu, entries: change(menu.entries) }))}
                refusal={editor.refusal}
              />
            </EditorSection>
            <EditorSection title="Welcome screen">
              <WelcomeScreenEditor
                welcome={layers.welcomeScreen}
                imageUrl={welcomeImageUrl}
                onChange={(change) => set('welcomeScreen', (welcome) => ({ ...welcome, ...change }))}
                onImage={(image) => setImages((current) => ({ ...current, [image.id]: image.url }))}
                refusal={editor.refusal}
              />
            </EditorSection>
            <EditorSection title="Guided tour">
              <GuidedTourEditor
                propertyId={property.id}
                guidedTour={layers.guidedTour}
                onSaved={(guidedTour) => editor.absorb((current) => ({ ...current, guidedTour }))}
              />
            </EditorSection>
            <EditorSection title="Custom tags">
              <CustomTagsEditor propertyId={property.id} />
            </EditorSection>
            <EditorSection title="Wayfinding">
              <WayfindingEditor propertyId={property.id} />
            </EditorSection>
            <EditorSection title="Welcome screens">
              <WelcomeScreensEditor propertyId={property.id} />
            </EditorSection>
            <EditorSection title="Audio tour">
              <AudioTourEditor propertyId={property.id} propertySlug={property.slug} />
            </EditorSection>
            <EditorSection title="Overlay templates">
              <TemplatesPanel
                overlay={layers.overlay}
                onApply={(template) => set('overlay', () => template.overlay)}
              />
            </EditorSection>
          </div>
        </SpaceContext>
      </div>
    </div>
  );
}

function EditorSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `tour-editor-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card tour-editor" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The welcome picture's address: the preview's, else the one uploaded on this page. */
function imageUrlOf(
  preview: TourPreview | undefined,
  imageId: string | null,
  images: Record<string, string>,
) {
  if (!imageId) return null;
  const sent =
    preview?.layers.welcomeScreen.imageId === imageId ? preview.layers.welcomeScreen.imageUrl : null;
  return sent ?? images[imageId] ?? null;
}

/** The preview with its welcome picture's address, when the server left it out and this page uploaded it. */
function withImage(preview: TourPreview, images: Record<string, string>): TourPreview {
  const welcome = preview.layers.welcomeScreen;
  const imageUrl = welcome.imageId ? images[welcome.imageId] : undefined;
  if (!imageUrl || welcome.imageUrl) return preview;
  return { ...preview, layers: { ...preview.layers, welcomeScreen: { ...welcome, imageUrl } } };
}
