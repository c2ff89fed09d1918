import {
  DEFAULT_TOUR_WORDS,
  MENU_ICONS,
  type MenuEntry,
  type OverlayItem,
  type OverlayRow,
} from '@tourly/contracts';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from 'react';
import type { ShowcasePlace } from './showcase-sdk';
import { useWebFonts } from './fonts';
import { SpaceContext, type SpaceSession } from './space';
import { bannerBackground, fontStyle, LOGO_HEIGHTS, menuBackground, titleStyle } from './style';
import type { TourData, TourMode } from './types';
import './tour.css';

/** The panels a menu entry opens over the tour. */
export type TourPanelKind = 'contact_form' | 'map';

export interface TourViewProps {
  tour: TourData;
  mode: TourMode;
  /**
   * What a panel holds; by default a note that the contact form and the map come with the published tour.
   * `close` closes it (the visitor's contact form, once sent).
   */
  renderPanel?(kind: TourPanelKind, tour: TourData, close: () => void): ReactNode;
  /** What the tour's own controls say: the visitor's language in the player, English in the preview. */
  strings?: TourStrings;
  /**
   * Told where in the 3D space the visitor stands, each time it changes (Matterport's SDK, when the tour carries
   * `showcaseSdk`). Without it the SDK is never loaded.
   */
  onPlace?(place: ShowcasePlace): void;
  /** Told of each menu entry the visitor picks: a link followed, a sub-menu opened, a panel opened. */
  onMenuEntry?(entry: MenuEntry): void;
  /**
   * The layers placed in the 3D space (tags, wayfinding, guided stops, audio), rendered over the embed and under the
   * overlay's rows; they read the space with `useSpace()` (null until the SDK has connected, or when it never does).
   * With children the SDK is loaded when the tour names one.
   */
  children?: ReactNode;
}

/**
 * The words of the tour's own controls (the provider's words - titles, menu entries - are shown as written, but for
 * the display defaults' own words, which a provider who kept them lets the player say in the visitor's language).
 */
export interface TourStrings {
  /** The display defaults' contact form entry, `Contact the agent`. */
  contactAgent: string;
  /** The display defaults' map entry, `Location`. */
  location: string;
  menu: string;
  close: string;
  backToTour: string;
  menuEmpty: string;
  opensInNewTab: string;
  welcome: string;
  startTour: string;
  /** The 3D model's frame, named for screen readers. */
  tourOf(title: string): string;
}

export const ENGLISH_TOUR_STRINGS: TourStrings = {
  contactAgent: DEFAULT_TOUR_WORDS.contactForm,
  location: DEFAULT_TOUR_WORDS.map,
  menu: 'Menu',
  close: 'Close',
  backToTour: 'Back to the tour',
  menuEmpty: 'This menu has no entries yet.',
  opensInNewTab: '(opens in a new tab)',
  welcome: 'Welcome',
  startTour: DEFAULT_TOUR_WORDS.welcomeButton,
  tourOf: (title) => `3D tour of ${title}`,
};

/** A menu entry's title as shown: the display defaults' own words in the visitor's language, else as written. */
export function entryTitle(entry: MenuEntry, strings: TourStrings): string {
  if (entry.type === 'contact_form' && entry.title === DEFAULT_TOUR_WORDS.contactForm)
    return strings.contactAgent;
  if (entry.type === 'map' && entry.title === DEFAULT_TOUR_WORDS.map) return strings.location;
  return entry.title;
}

/** Below this width (of the tour, not the window: the provider's preview is narrow too) the menu closes after a pick. */
const NARROW = 576;
/** The fullscreen menu fades out over this long (001 §9 "fullscreen menu fade about 300 ms"). */
const FADE_MS = 300;

const ICON_GLYPHS: Record<(typeof MENU_ICONS)[number], string> = {
  none: '',
  info: 'ⓘ',
  link: '↗',
  mail: '✉',
  phone: '☎',
  map: '◎',
  home: '⌂',
  image: '▣',
  video: '▶',
  document: '▤',
  star: '★',
};

type MenuPhase = 'closed' | 'open' | 'closing';

/**
 * The tour as visitors see it: the Matterport Showcase embed (`model.embedUrl`) under the overlay of the tour's
 * layers: the top and bottom rows (banner, logos, the menu button, the title), the menu in its style (a dropdown, a
 * side panel, full screen, or none), the panels its entries open, and the welcome screen. The provider's preview
 * and the visitor's player are this component fed by the same JSON; it holds no provider-console code, as it goes in
 * the player's own bundle.
 */
export function TourView({
  tour,
  mode,
  renderPanel = defaultPanel,
  strings = ENGLISH_TOUR_STRINGS,
  onPlace,
  onMenuEntry,
  children,
}: TourViewProps) {
  const { layers, branding, mls } = tour;
  const { overlay } = layers;
  const menuType = overlay.menu.type;
  useWebFonts(overlay);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const hasLayers = children !== undefined && children !== null && children !== false;
  const [space, modelLoaded] = useShowcase(tour.showcaseSdk, onPlace, hasLayers);
  const menuId = useId();
  const [phase, setPhase] = useState<MenuPhase>('closed');
  const [panel, setPanel] = useState<{ kind: TourPanelKind; title: string } | null>(null);
  const [welcomeDismissed, setWelcomeDismissed] = useState(false);

  // An unbranded (MLS) tour takes no leads: its contact form entries are left out.
  const entries = layers.menu.entries.filter((entry) => !(mls && entry.type === 'contact_form'));
  const welcome = layers.welcomeScreen;
  // A changed welcome screen (the provider editing it) shows again.
  const welcomeKey = JSON.stringify(welcome);
  useEffect(() => setWelcomeDismissed(false), [welcomeKey]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  // A menu style changed while open (the provider editing it) starts closed.
  useEffect(() => setPhase('closed'), [menuType]);

  useEffect(() => {
    if (phase === 'open') menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [phase]);

  function closeMenu(returnFocus = true) {
    if (phase !== 'open') return;
    if (menuType === 'fullscreen') {
      setPhase('closing');
      closeTimer.current = window.setTimeout(() => setPhase('closed'), FADE_MS);
    } else {
      setPhase('closed');
    }
    if (returnFocus) menuButtonRef.current?.focus();
  }

  function toggleMenu() {
    if (phase === 'open') closeMenu();
    else {
      window.clearTimeout(closeTimer.current);
      setPhase('open');
    }
  }

  /** After an entry is picked: on a narrow tour the menu makes way for what it opened. */
  function picked() {
    const width = rootRef.current?.clientWidth ?? 0;
    if (width < NARROW) closeMenu(false);
  }

  function openPanel(entry: MenuEntry) {
    setPanel({ kind: entry.type === 'map' ? 'map' : 'contact_form', title: entryTitle(entry, strings) });
    picked();
  }

  const menuOpen = phase !== 'closed';
  const menu =
    menuType === 'no_menu' || !menuOpen ? null : (
      <TourMenu
        id={menuId}
        ref={menuRef}
        tour={tour}
        strings={strings}
        entries={entries}
        closing={phase === 'closing'}
        onClose={() => closeMenu()}
        onLink={picked}
        onPanel={openPanel}
        onEntry={(entry) => onMenuEntry?.(entry)}
      />
    );

  const menuButton =
    menuType === 'no_menu' ? null : (
      <span className="tour-menu-anchor">
        <button
          ref={menuButtonRef}
          type="button"
          className="tour-menu-button"
          aria-expanded={phase === 'open'}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={toggleMenu}
          style={{ color: overlay.menu.font.color }}
        >
          <span className="tour-burger" aria-hidden="true" />
          <span className="visually-hidden">{strings.menu}</span>
        </button>
        {menuType === 'burger_menu' && menu}
      </span>
    );

  function item(overlayItem: OverlayItem, key: number) {
    switch (overlayItem.type) {
      case 'menu-button':
        return <span key={key}>{menuButton}</span>;
      case 'property-title':
        return (
          <span key={key} className="tour-title" style={titleStyle(overlayItem.font, overlayItem.size)}>
            {tour.property.title}
          </span>
        );
      case 'logo':
        return mls ? null : <TourLogo key={key} item={overlayItem} tour={tour} mode={mode} />;
    }
  }

  function row(name: 'top' | 'bottom', overlayRow: OverlayRow) {
    const empty = overlayRow.columns.every((column) => column.length === 0);
    if (empty && !overlayRow.banner) return null;
    return (
      <div
        className={`tour-row tour-row-${name}${overlayRow.banner ? ' tour-row-banner' : ''}`}
        data-banner={overlayRow.banner?.style ?? 'none'}
        style={{ background: bannerBackground(overlayRow, branding.primaryColor, mls) }}
      >
        {overlayRow.columns.map((column, index) => (
          <div key={index} className={`tour-column tour-column-${['left', 'middle', 'right'][index]}`}>
            {column.map(item)}
          </div>
        ))}
      </div>
    );
  }

  return (
    <div
      ref={rootRef}
      className="tour-view"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        if (panel) setPanel(null);
        else closeMenu();
      }}
    >
      <iframe
        className="tour-model"
        src={tour.model.embedUrl}
        title={strings.tourOf(tour.property.title)}
        allow="fullscreen; xr-spatial-tracking"
        allowFullScreen
        onLoad={modelLoaded}
      />
      {hasLayers && (
        <div className="tour-layers">
          <SpaceContext value={space}>{children}</SpaceContext>
        </div>
      )}
      <div className="tour-overlay" style={fontStyle(overlay.menu.font)}>
        {row('top', overlay.top)}
        {row('bottom', overlay.bottom)}
        {menuType !== 'burger_menu' && menu}
        {panel && (
          <TourPanel title={panel.title} closeLabel={strings.close} onClose={() => setPanel(null)}>
            {renderPanel(panel.kind, tour, () => setPanel(null))}
          </TourPanel>
        )}
        {welcome.enabled && !welcomeDismissed && (
          <WelcomeScreenView
            title={welcome.title}
            message={welcome.message}
            imageUrl={welcome.imageUrl ?? null}
            buttonLabel={welcome.buttonLabel}
            strings={strings}
            takeFocus={mode === 'visitor'}
            onDismiss={() => setWelcomeDismissed(true)}
          />
        )}
      </div>
    </div>
  );
}

/**
 * Connects to the Showcase embed while someone needs it (`onPlace`, or layers in the space) and the tour names an
 * SDK: at each load of the frame (a new `src` is a new Showcase), letting go at the next load or when the view goes.
 * Returns the space (null until connected) and the frame's load handler.
 */
function useShowcase(
  sdk: TourData['showcaseSdk'],
  onPlace: ((place: ShowcasePlace) => void) | undefined,
  withLayers: boolean,
): [SpaceSession | null, ((event: SyntheticEvent<HTMLIFrameElement>) => void) | undefined] {
  const listener = useRef(onPlace);
  useEffect(() => {
    listener.current = onPlace;
  });
  const [space, setSpace] = useState<SpaceSession | null>(null);
  const release = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => release.current?.(), []);
  const needed = !!onPlace || withLayers;
  const url = sdk?.url;
  const key = sdk?.key;
  const loaded = useMemo(() => {
    if (!needed || !url) return undefined;
    return (event: SyntheticEvent<HTMLIFrameElement>) => {
      release.current?.();
      let released = false;
      let close: (() => void) | undefined;
      release.current = () => {
        released = true;
        setSpace(null);
        close?.();
      };
      const iframe = event.currentTarget;
      // The session's code is not needed for the first paint: it loads with the embed.
      void import('./showcase-sdk')
        .then(({ connectShowcase, sdkVersion }) =>
          connectShowcase(iframe, { url, key, version: sdkVersion(window.location.search) }),
        )
        .then((session) => {
          if (!session) return;
          if (released) return session.close();
          session.onPlace((place) => listener.current?.(place));
          close = () => session.close();
          setSpace(session.space);
        })
        .catch((error: unknown) => console.warn('the Showcase session could not load', error));
    };
  }, [needed, url, key]);
  return [space, loaded];
}

function TourLogo({
  item,
  tour,
  mode,
}: {
  item: Extract<OverlayItem, { type: 'logo' }>;
  tour: TourData;
  mode: TourMode;
}) {
  const { branding } = tour;
  const [logoUrl, name, url] =
    item.source === 'client'
      ? [branding.clientLogoUrl, branding.clientName, branding.clientUrl]
      : [branding.providerLogoUrl, branding.providerName, branding.providerUrl];
  const height = LOGO_HEIGHTS[item.size];
  let content: ReactNode;
  if (logoUrl) {
    content = (
      <img
        className="tour-logo-image"
        src={logoUrl}
        alt={name || 'Logo'}
        style={{ height }}
        decoding="async"
      />
    );
  } else if (name) {
    content = <span className="tour-logo-name">{name}</span>;
  } else if (mode === 'preview') {
    // The provider sees where the logo goes before it has one; visitors see nothing.
    content = (
      <span className="tour-logo-placeholder" style={{ height, width: height * 2.5 }}>
        {item.source === 'client' ? 'Client logo' : 'Your logo'}
      </span>
    );
  } else {
    return null;
  }
  return (
    <span className="tour-logo" data-size={item.size}>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {content}
        </a>
      ) : (
        content
      )}
    </span>
  );
}

interface TourMenuProps {
  id: string;
  ref: Ref<HTMLDivElement>;
  tour: TourData;
  strings: TourStrings;
  entries: MenuEntry[];
  closing: boolean;
  onClose(): void;
  onLink(): void;
  onPanel(entry: MenuEntry): void;
  /** Any entry picked (a sub-menu as it opens), before what it does. */
  onEntry(entry: MenuEntry): void;
}

function TourMenu({
  id,
  ref,
  tour,
  strings,
  entries,
  closing,
  onClose,
  onLink,
  onPanel,
  onEntry,
}: TourMenuProps) {
  const { menu } = tour.layers.overlay;
  const [expanded, setExpanded] = useState<string | null>(null);

  function entry(menuEntry: MenuEntry, nested: boolean) {
    const label = (
      <>
        {menuEntry.icon !== 'none' && (
          <span className="tour-menu-icon" aria-hidden="true">
            {ICON_GLYPHS[menuEntry.icon]}
          </span>
        )}
        <span>{entryTitle(menuEntry, strings)}</span>
      </>
    );
    switch (menuEntry.type) {
      case 'link':
        return (
          <a
            className="tour-menu-entry"
            href={menuEntry.url ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => {
              onEntry(menuEntry);
              onLink();
            }}
          >
            {label}
            <span className="visually-hidden"> {strings.opensInNewTab}</span>
          </a>
        );
      case 'submenu': {
        if (nested) return null;
        const open = expanded === menuEntry.id;
        const childrenId = `${id}-${menuEntry.id}`;
        return (
          <>
            <button
              type="button"
              className="tour-menu-entry"
              aria-expanded={open}
              aria-controls={childrenId}
              onClick={() => {
                if (!open) onEntry(menuEntry);
                setExpanded(open ? null : menuEntry.id);
              }}
            >
              {label}
              <span className="tour-menu-chevron" aria-hidden="true">
                {open ? '▴' : '▾'}
              </span>
            </button>
            {open && (
              <ul id={childrenId} className="tour-submenu">
                {menuEntry.childEntries.map((child) => (
                  <li key={child.id}>{entry(child, true)}</li>
                ))}
              </ul>
            )}
          </>
        );
      }
      case 'contact_form':
      case 'map':
        return (
          <button
            type="button"
            className="tour-menu-entry"
            aria-haspopup="dialog"
            onClick={() => {
              onEntry(menuEntry);
              onPanel(menuEntry);
            }}
          >
            {label}
          </button>
        );
    }
  }

  return (
    <div
      id={id}
      ref={ref}
      className={`tour-menu tour-menu-${menu.type}${closing ? ' tour-menu-closing' : ''}`}
      style={{ ...menuBackground(menu), ...fontStyle(menu.font) }}
    >
      {menu.type !== 'burger_menu' && (
        <button type="button" className="tour-menu-back" onClick={onClose} style={{ color: menu.font.color }}>
          <span aria-hidden="true">← </span>
          {strings.backToTour}
        </button>
      )}
      <nav aria-label="Tour menu">
        {entries.length === 0 ? (
          <p className="tour-menu-empty">{strings.menuEmpty}</p>
        ) : (
          <ul className="tour-menu-list">
            {entries.map((menuEntry) => (
              <li key={menuEntry.id}>{entry(menuEntry, false)}</li>
            ))}
          </ul>
        )}
      </nav>
    </div>
  );
}

interface TourPanelProps {
  title: string;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
}

function TourPanel({ title, closeLabel, onClose, children }: TourPanelProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <section className="tour-panel" role="dialog" aria-labelledby={titleId}>
      <header className="tour-panel-header">
        <h2 id={titleId}>{title}</h2>
        <button ref={closeRef} type="button" className="tour-panel-close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{closeLabel}</span>
        </button>
      </header>
      <div className="tour-panel-body">{children}</div>
    </section>
  );
}

function defaultPanel(kind: TourPanelKind, tour: TourData): ReactNode {
  if (kind === 'contact_form') {
    return (
      <p>
        Visitors will find your agents and a contact form here. Contact details come with the published tour;
        the preview shows where they open.
      </p>
    );
  }
  return (
    <>
      {tour.property.address && <p className="tour-panel-address">{tour.property.address}</p>}
      <p>The map of the property comes with the published tour.</p>
    </>
  );
}

interface WelcomeScreenViewProps {
  title: string;
  message: string;
  imageUrl: string | null;
  buttonLabel: string;
  strings: TourStrings;
  /** A visitor lands on its button; the provider, editing it beside the preview, keeps the focus where it is. */
  takeFocus: boolean;
  onDismiss(): void;
}

function WelcomeScreenView({
  title,
  message,
  imageUrl,
  buttonLabel,
  strings,
  takeFocus,
  onDismiss,
}: WelcomeScreenViewProps) {
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus) buttonRef.current?.focus({ preventScroll: true });
  }, [takeFocus]);
  return (
    <div className="tour-welcome" role="dialog" aria-modal={takeFocus} aria-labelledby={titleId}>
      <div className="tour-welcome-card">
        {/* The words scroll when the tour is short (a phone, a website's frame); the button always shows. */}
        <div className="tour-welcome-text">
          {imageUrl && <img className="tour-welcome-image" src={imageUrl} alt="" />}
          <h2 id={titleId}>{title || strings.welcome}</h2>
          {message
            .split(/\n{2,}/)
            .filter((paragraph) => paragraph.trim() !== '')
            .map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
        </div>
        <button ref={buttonRef} type="button" className="tour-welcome-button" onClick={onDismiss}>
          {buttonLabel && buttonLabel !== DEFAULT_TOUR_WORDS.welcomeButton ? buttonLabel : strings.startTour}
        </button>
      </div>
    </div>
  );
}
