import { lazy, Suspense } from 'react';
import { useTranslation } from './i18n';
import type { PropertyMapProps } from './PropertyMap';

const PropertyMap = lazy(() => import('./PropertyMap'));

/** The map panel: the property's address, then the map (Leaflet's chunk loaded on first opening). */
export function MapPanel({
  address,
  latitude,
  longitude,
  ...map
}: Omit<PropertyMapProps, 'latitude' | 'longitude'> & {
  address: string | null;
  latitude: number | null;
  longitude: number | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="player-map-panel">
      {address && <p className="tour-panel-address">{address}</p>}
      {latitude === null || longitude === null ? (
        <p>{t('mapUnavailable')}</p>
      ) : (
        <Suspense fallback={<p role="status">{t('mapLoading')}</p>}>
          <PropertyMap latitude={latitude} longitude={longitude} {...map} />
        </Suspense>
      )}
    </div>
  );
}
