import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useSpace, type SpaceModel } from '../../../tour/space';
import type { PlayerTour } from '../../api';
import '../layers.css';

type Exterior = NonNullable<PlayerTour['exterior']>;

/**
 * The property's digital twin around the scan (a lazily loaded module of the player: the page imports it only when
 * base.json has an aligned twin the provider shows): its model placed by the alignment's transform through the
 * Showcase SDK, and the overlay's "Exterior" toggle (001 §2), on at first. Without the SDK's Scene API nothing can be
 * placed, and there is no toggle.
 */
export default function ExteriorLayer({ exterior }: { exterior: Exterior }) {
  const { t } = useTranslation();
  const space = useSpace();
  const [on, setOn] = useState(true);
  const [refused, setRefused] = useState(false);
  // The SDK's calls one after another: a toggle pressed twice quickly never shows the twin after hiding it.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const model = useMemo<SpaceModel>(
    () => ({
      id: exterior.id,
      name: exterior.name,
      url: exterior.url,
      position: exterior.transform.translation,
      yaw: 0,
      rotation: exterior.transform.quaternion,
      scale: exterior.transform.scale,
    }),
    [exterior],
  );

  useEffect(() => {
    if (!space || !on) return;
    queue.current = queue.current
      .then(() => space.showModels([model]))
      .catch((error: unknown) => {
        console.warn('Exterior: the digital twin cannot show', error);
        setRefused(true);
      });
    return () => {
      queue.current = queue.current.then(() => space.hideModels([model.id])).catch(() => undefined);
    };
  }, [space, model, on]);

  if (!space || refused) return null;
  return (
    <button
      type="button"
      className="layer-exterior"
      aria-pressed={on}
      onClick={() => setOn((shown) => !shown)}
    >
      {t('exterior')}
    </button>
  );
}
