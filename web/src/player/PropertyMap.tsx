import 'leaflet/dist/leaflet.css';
import { divIcon, map as leafletMap, marker, tileLayer } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from './i18n';

export interface PropertyMapProps {
  latitude: number;
  longitude: number;
  tilesUrl: string;
  attribution: string;
  zoom: number;
}

/**
 * The property on a map (001 §2 map player): Leaflet, centred on it at the tour's zoom (18) with one marker, the tiles
 * from the configured server (OpenStreetMap's, the emulators' in development and tests). Its own chunk: Leaflet
 * loads when a visitor opens the map, not with the tour.
 */
export default function PropertyMap({ latitude, longitude, tilesUrl, attribution, zoom }: PropertyMapProps) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const label = t('propertyMarker');

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const map = leafletMap(box, { center: [latitude, longitude], zoom });
    tileLayer(tilesUrl, { attribution, maxZoom: 19 }).addTo(map);
    // A drawn pin rather than Leaflet's picture, whose file the bundler would have to find.
    marker([latitude, longitude], {
      title: label,
      alt: label,
      icon: divIcon({ className: 'player-map-marker', iconSize: [24, 24], iconAnchor: [12, 24] }),
    }).addTo(map);
    // The panel may still be settling its size when the map starts.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(box);
    return () => {
      resize.disconnect();
      map.remove();
    };
  }, [latitude, longitude, tilesUrl, attribution, zoom, label]);

  return <div ref={boxRef} className="player-map" data-zoom={zoom} />;
}
