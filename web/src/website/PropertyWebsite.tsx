import { useId, type CSSProperties, type ReactNode } from 'react';
import { ENGLISH_WEBSITE_STRINGS, type WebsiteStrings } from './strings';
import type { PublicWebsite, WebsiteMedia } from './types';
import './website.css';

interface PropertyWebsiteProps {
  website: PublicWebsite;
  /** The tour's Showcase embed, shown when the settings show the tour; null: none to show. */
  tourEmbedUrl: string | null;
  /** The provider's preview: the contact form is shown but sends nothing. */
  preview?: boolean;
  /** The visitor's page: the agents and the contact form that sends leads, in place of the preview's form. */
  contact?: ReactNode;
  /** The visitor's page: the map, in place of the link to one. */
  map?: ReactNode;
  /** What the website's own parts say: the visitor's language on their page, English in the preview. */
  strings?: WebsiteStrings;
}

/**
 * The single-property website (001 §7 Website) as a visitor sees it: the headline over the first photo, the
 * title, address and price, the features, the description, the tour, the photos, the floorplan, videos,
 * documents and links, the map and the contact form, as the settings show them, in the primary colour. It
 * lays itself out by its own width (container queries), so the provider's preview at a phone's width looks
 * as a phone shows it.
 */
export function PropertyWebsite({
  website,
  tourEmbedUrl,
  preview = false,
  contact,
  map,
  strings = ENGLISH_WEBSITE_STRINGS,
}: PropertyWebsiteProps) {
  const { property, settings, propertyFeatures: features, photos } = website;
  const [hero, ...gallery] = photos;
  const accent = settings.primaryColor;
  const style = { '--site-accent': accent, '--site-on-accent': readableOn(accent) } as CSSProperties;
  const address = property.formattedAddress ?? property.address;
  const facts = factsOf(features, strings);

  return (
    <div className="site-frame">
      <div className="site" style={style}>
        <header className="site-hero">
          {hero && <img className="site-hero-image" src={hero.url} alt={hero.name ?? property.title} />}
          <div className="site-hero-text">
            {settings.headline && <p className="site-headline">{settings.headline}</p>}
            <h1 className="site-title">{property.title}</h1>
            {settings.showAddress && <p className="site-address">{address}</p>}
          </div>
        </header>

        <main className="site-main">
          {(features.price || facts.length > 0) && (
            <section className="site-facts" aria-label={strings.keyFacts}>
              {features.price && <p className="site-price">{features.price}</p>}
              {facts.length > 0 && (
                <ul className="site-fact-list">
                  {facts.map((fact) => (
                    <li key={fact}>{fact}</li>
                  ))}
                </ul>
              )}
            </section>
          )}

          {settings.description && (
            <section className="site-section" aria-label={strings.about}>
              {settings.description.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
          )}

          {features.features.length > 0 && (
            <SiteSection title={strings.features}>
              <ul className="site-chips">
                {features.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </SiteSection>
          )}

          {settings.showTour && tourEmbedUrl && (
            <SiteSection title={strings.virtualTour}>
              <div className="site-tour">
                <iframe
                  src={tourEmbedUrl}
                  title={strings.tourOf(property.title)}
                  allow="fullscreen; xr-spatial-tracking"
                  allowFullScreen
                />
              </div>
            </SiteSection>
          )}

          {gallery.length > 0 && (
            <SiteSection title={strings.photos}>
              <ul className="site-gallery">
                {gallery.map((photo, index) => (
                  <li key={photo.id}>
                    <img
                      src={photo.thumbnailUrl ?? photo.url}
                      alt={photo.name ?? strings.photoOf(index + 2, property.title)}
                      loading="lazy"
                    />
                  </li>
                ))}
              </ul>
            </SiteSection>
          )}

          {website.floorplan && (
            <SiteSection title={strings.floorplan}>
              <img
                className="site-floorplan"
                src={website.floorplan.url}
                alt={website.floorplan.name ?? strings.floorplan}
                loading="lazy"
              />
            </SiteSection>
          )}

          {website.videos.length > 0 && (
            <SiteSection title={strings.videos}>
              <ul className="site-videos">
                {website.videos.map((video) => (
                  <li key={video.id}>
                    <Video video={video} label={strings.video} />
                  </li>
                ))}
              </ul>
            </SiteSection>
          )}

          {(website.documents.length > 0 || website.mediaLinks.length > 0) && (
            <SiteSection title={strings.documentsAndLinks}>
              <ul className="site-links">
                {website.documents.map((document) => (
                  <li key={document.id}>
                    <a href={document.url} target="_blank" rel="noreferrer">
                      {document.name ?? document.filename ?? strings.document}
                    </a>
                  </li>
                ))}
                {website.mediaLinks.map((link) => (
                  <li key={link.id}>
                    <a href={link.url} target="_blank" rel="noreferrer">
                      {link.title ?? link.url}
                    </a>
                  </li>
                ))}
              </ul>
            </SiteSection>
          )}

          {settings.showMap && property.latitude !== null && property.longitude !== null && (
            <SiteSection title={strings.location}>
              {map}
              <p>
                {settings.showAddress && `${address} · `}
                <a
                  href={`https://www.openstreetmap.org/?mlat=${property.latitude}&mlon=${property.longitude}#map=17/${property.latitude}/${property.longitude}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  {strings.openMap}
                </a>
              </p>
            </SiteSection>
          )}

          {settings.showContactForm &&
            (contact ? (
              <SiteSection title={strings.ask}>{contact}</SiteSection>
            ) : (
              <ContactForm title={property.title} preview={preview} />
            ))}
        </main>
      </div>
    </div>
  );
}

function SiteSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="site-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Video({ video, label }: { video: WebsiteMedia; label: string }) {
  if (video.source === 'uploaded')
    return (
      <video controls preload="metadata" src={video.url} poster={video.thumbnailUrl ?? undefined}>
        <a href={video.url}>{video.name ?? label}</a>
      </video>
    );
  return (
    <a href={video.url} target="_blank" rel="noreferrer">
      {video.name ?? video.url}
    </a>
  );
}

/** The enquiry form; in the provider's preview it is there to be seen, and sends nothing. */
function ContactForm({ title, preview }: { title: string; preview: boolean }) {
  const id = useId();
  return (
    <section className="site-section site-contact" aria-labelledby={id}>
      <h2 id={id}>Ask about this property</h2>
      <form onSubmit={(event) => event.preventDefault()}>
        <fieldset disabled={preview}>
          <label>
            Name
            <input name="name" autoComplete="name" />
          </label>
          <label>
            Email
            <input name="email" type="email" autoComplete="email" />
          </label>
          <label>
            Message
            <textarea name="message" rows={3} defaultValue={`I would like to know more about ${title}.`} />
          </label>
          <button type="submit" className="site-button">
            Send
          </button>
        </fieldset>
        {preview && <p className="site-note">In the preview the form sends nothing.</p>}
      </form>
    </section>
  );
}

/** "3 bedrooms", "2 bathrooms", "120 m² floor": what the listing counts and measures. */
function factsOf(features: PublicWebsite['propertyFeatures'], strings: WebsiteStrings): string[] {
  const count = (value: number | null, words: (count: number) => string) =>
    value === null ? [] : [words(value)];
  // The areas are given in the unit chosen; "both" takes them as square metres and adds square feet.
  const area = (value: number | null, words: (area: string) => string) => {
    if (value === null) return [];
    if (features.measurementUnit === 'imperial') return [words(`${value} sq ft`)];
    if (features.measurementUnit === 'metric') return [words(`${value} m²`)];
    return [words(`${value} m² (${Math.round(value * 10.7639)} sq ft)`)];
  };
  return [
    ...count(features.bedrooms, strings.bedrooms),
    ...count(features.bathrooms, strings.bathrooms),
    ...count(features.carSpaces, strings.carSpaces),
    ...area(features.floorArea, strings.floorArea),
    ...area(features.landArea, strings.landArea),
  ];
}

/** Black or white, whichever reads better on the colour (a colour not in hex: dark text). */
export function readableOn(colour: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return '#1f2933';
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16) / 255);
  const linear = (channel: number) =>
    channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  const luminance = 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  return luminance > 0.35 ? '#1f2933' : '#ffffff';
}
