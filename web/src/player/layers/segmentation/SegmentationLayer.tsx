import { useEffect, useId, useMemo, useState } from 'react';
import { FILE_LINK_SECONDS } from '@tourly/contracts';
import { useTranslation } from '../../i18n';
import { useSpace } from '../../../tour/space';
import { fetchSegmentedPanos, type SegmentedPano } from './api';
import { maskTables, segmentColour } from './colours';
import '../layers.css';

/** Ten minutes before the panoramas' links lapse. */
const LINKS_REFRESH_MS = (FILE_LINK_SECONDS - 10 * 60) * 1000;

/**
 * The visitors' segmentation view (a lazily loaded module of the player: the page imports it only when base.json
 * says the model's segmentation is ready): a "Rooms" button opening a panel with the room the visitor stands in (the
 * Showcase SDK tells the sweep), its picture's segments highlighted in colour and named with their share, and whether
 * it is an empty room staging can furnish; then every segmented room, each a button that takes the visitor there.
 * Without the SDK the panel lists the rooms (nothing to move to) and says how to see one.
 */
export default function SegmentationLayer({ keys }: { keys: { matterportKey: string; mpModelId: string } }) {
  const { t } = useTranslation();
  const space = useSpace();
  const [panos, setPanos] = useState<SegmentedPano[] | null>(null);
  const [open, setOpen] = useState(false);
  const [sweep, setSweep] = useState<string | null>(null);
  const panelId = useId();

  // The panoramas' pictures are links that lapse (FILE_LINK_SECONDS): a tour left open asks for them again before,
  // keeping what it has when that fails.
  useEffect(() => {
    const abort = new AbortController();
    const load = () => void fetchSegmentedPanos(keys, abort.signal).then(setPanos, () => undefined);
    load();
    const timer = window.setInterval(load, LINKS_REFRESH_MS);
    return () => {
      abort.abort();
      window.clearInterval(timer);
    };
  }, [keys.matterportKey, keys.mpModelId]);

  useEffect(() => space?.onPose((pose) => setSweep(pose.sweep)), [space]);

  if (!panos || panos.length === 0) return null;
  const here = panos.find((pano) => pano.id === sweep);
  const nameOf = (pano: SegmentedPano) =>
    pano.room ?? t('segmentationPanorama', { number: panos.indexOf(pano) + 1 });
  return (
    <>
      <button
        type="button"
        className="layer-segmentation"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('segmentationRooms')}
      </button>
      {open && (
        <aside id={panelId} className="layer-segmentation-panel" aria-label={t('segmentationRooms')}>
          <div className="layer-segmentation-heading">
            <h2>{t('segmentationRooms')}</h2>
            <button type="button" onClick={() => setOpen(false)} aria-label={t('close')}>
              ×
            </button>
          </div>
          {here ? <Room pano={here} name={nameOf(here)} /> : <p>{t('segmentationPick')}</p>}
          <p className="layer-segmentation-intro">{t('segmentationIntro')}</p>
          <ul className="layer-segmentation-rooms">
            {panos.map((pano) => (
              <li key={pano.id}>
                <button
                  type="button"
                  aria-current={pano.id === sweep ? 'location' : undefined}
                  disabled={!space}
                  aria-label={t('segmentationGoTo', { room: nameOf(pano) })}
                  onClick={() => void space?.moveTo(pano.id).catch(() => undefined)}
                >
                  <span>{nameOf(pano)}</span>
                  <span className="layer-segmentation-found">
                    {pano.emptyRoom
                      ? t('segmentationEmptyRoom')
                      : pano.segments
                          .filter((segment) => segment.kind === 'furniture')
                          .map((segment) => labelOf(t, segment.label))
                          .join(', ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </>
  );
}

/** The room the visitor stands in: its picture's segments in colour, named with their share of the picture. */
function Room({ pano, name }: { pano: SegmentedPano; name: string }) {
  const { t } = useTranslation();
  const filterId = useId();
  const tables = useMemo(() => maskTables(pano.segments), [pano.segments]);
  return (
    <section className="layer-segmentation-room" aria-label={name}>
      <h3>{name}</h3>
      <svg
        className="layer-segmentation-mask"
        viewBox={`0 0 ${pano.width} ${pano.height}`}
        role="img"
        aria-label={pano.segments.map((segment) => labelOf(t, segment.label)).join(', ')}
      >
        <filter id={filterId} colorInterpolationFilters="sRGB">
          <feComponentTransfer>
            <feFuncR type="discrete" tableValues={tables.r} />
            <feFuncG type="discrete" tableValues={tables.g} />
            <feFuncB type="discrete" tableValues={tables.b} />
          </feComponentTransfer>
        </filter>
        <image
          href={pano.url}
          width={pano.width}
          height={pano.height}
          preserveAspectRatio="none"
          filter={`url(#${CSS.escape(filterId)})`}
          style={{ imageRendering: 'pixelated' }}
        />
      </svg>
      <ul className="layer-segmentation-legend">
        {pano.segments.map((segment) => (
          <li key={segment.value} data-label={segment.label}>
            <span className="layer-segmentation-swatch" style={{ background: segmentColour(segment) }} />
            {labelOf(t, segment.label)} {Math.round(segment.pixelShare * 100)}%
          </li>
        ))}
      </ul>
      {pano.emptyRoom && <p className="layer-segmentation-empty">{t('segmentationEmptyNote')}</p>}
    </section>
  );
}

/** The label in the visitor's language, or as the engine named it when the player does not know it. */
function labelOf(t: ReturnType<typeof useTranslation>['t'], label: string): string {
  const key = `segment_${label}`;
  const named = t(key);
  return named === key ? label : named;
}
