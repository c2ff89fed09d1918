import {
  DEFAULT_TOUR_WORDS,
  OVERLAY_ITEM_TYPES,
  TOUR_LIMITS,
  type MenuEntry,
  type MenuEntryType,
  type OverlayItem,
  type OverlayLayout,
} from '@tourly/contracts';
import { ApiError } from '../../../../api/errors';

export type ItemType = (typeof OVERLAY_ITEM_TYPES)[number];
export type RowName = 'top' | 'bottom';

export const ITEM_LABELS: Record<ItemType, string> = {
  logo: 'Logo',
  'menu-button': 'Menu button',
  'property-title': 'Property title',
};

export const COLUMN_NAMES = ['Left', 'Middle', 'Right'] as const;

/**
 * The server's messages for one field of the layers, named by its path as the client reads it
 * (`menu.entries.2.url`): the refusal may name it from the body's root (`draft.state.menu.entries.2.url`), so any
 * field ending with the path is it.
 */
export function messagesAt(error: unknown, path: string): string[] | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const found = Object.entries(error.fields)
    .filter(([field]) => field === path || field.endsWith(`.${path}`))
    .flatMap(([, messages]) => messages);
  return found.length > 0 ? found : undefined;
}

/**
 * What can be added to a column: a logo always; the menu button and the title once in the whole overlay (the
 * server's rule); nothing once the column holds its four items.
 */
export function addableItems(overlay: OverlayLayout, row: RowName, column: number): ItemType[] {
  if (overlay[row].columns[column]!.length >= TOUR_LIMITS.overlayItemsPerColumn) return [];
  const present = new Set(
    [overlay.top, overlay.bottom].flatMap((each) => each.columns.flat().map((item) => item.type)),
  );
  return OVERLAY_ITEM_TYPES.filter((type) => type === 'logo' || !present.has(type));
}

/** A new item with the display defaults' settings. */
export function newItem(type: ItemType): OverlayItem {
  switch (type) {
    case 'logo':
      return { type, size: 'sm', source: 'provider' };
    case 'menu-button':
      return { type };
    case 'property-title':
      return { type, font: { family: 'system', weight: 700, color: '#222222' }, size: 'md' };
  }
}

/** An id the menu has not used: the page chooses entry ids (at most 40 characters, unique in the menu). */
export function newEntryId(): string {
  return `entry-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function newEntry(type: MenuEntryType): MenuEntry {
  const titles: Record<MenuEntryType, string> = {
    link: 'New link',
    submenu: 'More',
    contact_form: DEFAULT_TOUR_WORDS.contactForm,
    map: DEFAULT_TOUR_WORDS.map,
  };
  const icons: Record<MenuEntryType, MenuEntry['icon']> = {
    link: 'link',
    submenu: 'none',
    contact_form: 'mail',
    map: 'map',
  };
  return {
    id: newEntryId(),
    title: titles[type],
    icon: icons[type],
    type,
    url: type === 'link' ? '' : null,
    childEntries: type === 'submenu' ? [newEntry('link')] : [],
  };
}

/**
 * An entry given another type: a link keeps or gains a URL, a sub-menu its entries (one link to start with, as it
 * needs at least one); every other type drops both.
 */
export function withType(entry: MenuEntry, type: MenuEntryType): MenuEntry {
  return {
    ...entry,
    type,
    url: type === 'link' ? (entry.url ?? '') : null,
    childEntries:
      type === 'submenu' ? (entry.childEntries.length > 0 ? entry.childEntries : [newEntry('link')]) : [],
  };
}
