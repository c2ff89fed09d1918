import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { CONTACT_SHADOW_URL } from '../../../tour/contact-shadow';
import { SceneTint } from '../../../tour/SceneTint';
import { useSpace } from '../../../tour/space';
import type { SpaceModel } from '../../../tour/space';
import { sceneTint, stagingLighting } from '../../../tour/staging-lighting';
import { fetchStagingScene, type StagingScene } from './api';
import { placedModels } from './staging';
import '../layers.css';

/**
 * The tour's virtual staging (a lazily loaded module of the player: the page imports it only when base.json says the
 * tour has a published scene): the scene's models placed in the space through the Showcase SDK, and the overlay's
 * "Virtual staging" toggle, on at first: off takes the models out of the space, on puts them back. The scene's
 * settings light them (the preset's lights, a contact shadow under each piece when shadows are on) and, with global
 * lighting, tint the scan while staging is on. Without the SDK (or a scene that cannot be read) there is nothing to
 * toggle, and no toggle.
 */
export default function StagingLayer({ tourId }: { tourId: string }) {
  const { t } = useTranslation();
  const space = useSpace();
  const [models, setModels] = useState<SpaceModel[] | null>(null);
  const [settings, setSettings] = useState<StagingScene['settings'] | null>(null);
  const [on, setOn] = useState(true);
  // Showcase refused the models (an SDK without the Scene API): nothing to toggle.
  const [refused, setRefused] = useState(false);
  // The SDK's calls one after another: a toggle pressed twice quickly never shows the models after hiding them.
  const queue = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    const abort = new AbortController();
    fetchStagingScene(tourId, abort.signal).then(
      (scene) => {
        setSettings(scene.settings);
        setModels(placedModels(scene.placements));
      },
      () => setModels(null),
    );
    return () => abort.abort();
  }, [tourId]);

  const lighting = useMemo(() => settings && stagingLighting(settings, CONTACT_SHADOW_URL), [settings]);

  useEffect(() => {
    if (!space || !models || models.length === 0 || !lighting || !on) return;
    const ids = models.map((model) => model.id);
    queue.current = queue.current
      .then(() => space.setLighting(lighting))
      .then(() => space.showModels(models))
      .catch((error: unknown) => {
        console.warn('Virtual staging: the models cannot show', error);
        setRefused(true);
      });
    return () => {
      queue.current = queue.current.then(() => space.hideModels(ids)).catch(() => undefined);
    };
  }, [space, models, lighting, on]);

  if (!space || !models || models.length === 0 || refused) return null;
  return (
    <>
      {on && settings && <SceneTint tint={sceneTint(settings)} />}
      <button
        type="button"
        className="layer-staging"
        aria-pressed={on}
        onClick={() => setOn((shown) => !shown)}
      >
        {t('virtualStaging')}
      </button>
    </>
  );
}
