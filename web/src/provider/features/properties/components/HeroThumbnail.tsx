import { useEffect, useRef, useState } from 'react';
import { useHeroImageQuery } from '../queries';

/**
 * A property's hero image in a list row: asked for (GET .../hero_image) only once the row comes near the
 * screen, so a phone loads the few it shows rather than one request per property of the page. Until then, and
 * for a property without one, a placeholder with the title's first letter.
 */
export function HeroThumbnail({ propertyId, title }: { propertyId: string; title: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  // A failure leaves the placeholder: the row is still usable without its picture.
  const hero = useHeroImageQuery(propertyId, near);
  const src = hero.data?.thumbnailUrl ?? hero.data?.url;

  return (
    <div ref={ref} className="property-thumb">
      {src && !broken ? (
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} />
      ) : (
        <span className="property-thumb-placeholder" aria-hidden="true">
          {title.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
    </div>
  );
}
