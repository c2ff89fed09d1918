import {
  MENU_ENTRY_TYPES,
  MENU_ICONS,
  TOUR_LIMITS,
  type MenuEntry,
  type MenuEntryType,
} from '@tourly/contracts';
import { useState } from 'react';
import { errorMessages } from '../../../../../shared/ErrorDisplay';
import { SelectField } from '../../../../../shared/SelectField';
import { TextField } from '../../../../../shared/TextField';
import { moved } from '../../../properties/website';
import { messagesAt, newEntry, withType } from '../layers';
import { useLinkMetadataAction } from '../queries';
import { IconButton } from './OverlayEditor';

interface MenuEditorProps {
  entries: MenuEntry[];
  onChange(change: (entries: MenuEntry[]) => MenuEntry[]): void;
  refusal: unknown;
}

const TYPE_LABELS: Record<MenuEntryType, string> = {
  link: 'Link',
  submenu: 'Sub-menu',
  contact_form: 'Contact form',
  map: 'Map',
};
const ICON_LABELS: Record<(typeof MENU_ICONS)[number], string> = {
  none: 'No icon',
  info: 'Information',
  link: 'Link',
  mail: 'Mail',
  phone: 'Phone',
  map: 'Map',
  home: 'Home',
  image: 'Image',
  video: 'Video',
  document: 'Document',
  star: 'Star',
};

/**
 * The tour's menu (001 §3): entries added, removed and reordered; each a link (its URL, the server's refusal under
 * it), a sub-menu of entries (links, contact forms, maps: never sub-menus), the contact form or the map.
 */
export function MenuEditor({ entries, onChange, refusal }: MenuEditorProps) {
  const [adding, setAdding] = useState<MenuEntryType>('link');
  const setEntry = (index: number, entry: MenuEntry) =>
    onChange((current) => current.map((each, at) => (at === index ? entry : each)));

  return (
    <div className="layers-editor">
      {entries.length === 0 && <p className="muted">The menu has no entries.</p>}
      <ol className="menu-entries">
        {entries.map((entry, index) => (
          <li key={entry.id}>
            <EntryEditor
              entry={entry}
              label={`Entry ${index + 1}`}
              path={`menu.entries.${index}`}
              refusal={refusal}
              onChange={(next) => setEntry(index, next)}
              isFirst={index === 0}
              isLast={index === entries.length - 1}
              onMove={(by) => onChange((current) => moved(current, index, by))}
              onRemove={() => onChange((current) => current.filter((_, at) => at !== index))}
            />
          </li>
        ))}
      </ol>
      {entries.length < TOUR_LIMITS.menuEntries ? (
        <div className="menu-add">
          <SelectField
            label="New entry type"
            value={adding}
            onChange={(event) => setAdding(event.target.value as MenuEntryType)}
          >
            {MENU_ENTRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onChange((current) => [...current, newEntry(adding)])}
          >
            Add entry
          </button>
        </div>
      ) : (
        <p className="muted">A menu holds at most {TOUR_LIMITS.menuEntries} entries.</p>
      )}
    </div>
  );
}

interface EntryEditorProps {
  entry: MenuEntry;
  label: string;
  path: string;
  refusal: unknown;
  onChange(entry: MenuEntry): void;
  isFirst: boolean;
  isLast: boolean;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  /** A child of a sub-menu: never a sub-menu itself. */
  nested?: boolean;
}

function EntryEditor({
  entry,
  label,
  path,
  refusal,
  onChange,
  isFirst,
  isLast,
  onMove,
  onRemove,
  nested = false,
}: EntryEditorProps) {
  const named = `${label} (${entry.title || 'untitled'})`;
  const types = MENU_ENTRY_TYPES.filter((type) => !nested || type !== 'submenu');
  const children = entry.childEntries;
  const setChildren = (change: (current: MenuEntry[]) => MenuEntry[]) =>
    onChange({ ...entry, childEntries: change(children) });

  return (
    <fieldset className={nested ? 'menu-entry menu-entry-nested' : 'menu-entry'}>
      <legend>{label}</legend>
      <div className="menu-entry-tools icon-buttons">
        <IconButton label={`Move ${named} up`} disabled={isFirst} onClick={() => onMove(-1)}>
          ↑
        </IconButton>
        <IconButton label={`Move ${named} down`} disabled={isLast} onClick={() => onMove(1)}>
          ↓
        </IconButton>
        <IconButton label={`Remove ${named}`} onClick={onRemove}>
          ×
        </IconButton>
      </div>
      <TextField
        label="Title"
        value={entry.title}
        maxLength={TOUR_LIMITS.menuTitle}
        onChange={(event) => onChange({ ...entry, title: event.target.value })}
        messages={messagesAt(refusal, `${path}.title`)}
      />
      <div className="field-row">
        <SelectField
          label="Type"
          value={entry.type}
          onChange={(event) => onChange(withType(entry, event.target.value as MenuEntryType))}
          messages={messagesAt(refusal, `${path}.type`)}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Icon"
          value={entry.icon}
          onChange={(event) => onChange({ ...entry, icon: event.target.value as MenuEntry['icon'] })}
        >
          {MENU_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {ICON_LABELS[icon]}
            </option>
          ))}
        </SelectField>
      </div>
      {entry.type === 'link' && (
        <LinkUrlField entry={entry} onChange={onChange} messages={messagesAt(refusal, `${path}.url`)} />
      )}
      {entry.type === 'submenu' && (
        <div className="menu-children">
          <ol className="menu-entries">
            {children.map((child, index) => (
              <li key={child.id}>
                <EntryEditor
                  nested
                  entry={child}
                  label={`${label}, child entry ${index + 1}`}
                  path={`${path}.childEntries.${index}`}
                  refusal={refusal}
                  onChange={(next) =>
                    setChildren((current) => current.map((each, at) => (at === index ? next : each)))
                  }
                  isFirst={index === 0}
                  isLast={index === children.length - 1}
                  onMove={(by) => setChildren((current) => moved(current, index, by))}
                  onRemove={() => setChildren((current) => current.filter((_, at) => at !== index))}
                />
              </li>
            ))}
          </ol>
          {messagesAt(refusal, `${path}.childEntries`) && (
            <p className="field-message" role="alert">
              {messagesAt(refusal, `${path}.childEntries`)!.join(' & ')}
            </p>
          )}
          {children.length < TOUR_LIMITS.childEntries && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setChildren((current) => [...current, newEntry('link')])}
            >
              Add child entry to {entry.title || label}
            </button>
          )}
        </div>
      )}
    </fieldset>
  );
}

interface LinkUrlFieldProps {
  entry: MenuEntry;
  onChange(entry: MenuEntry): void;
  messages: string[] | undefined;
}

/** A link's URL, and "Use the page's title" to name the entry after the page it opens (its words, if refused). */
function LinkUrlField({ entry, onChange, messages }: LinkUrlFieldProps) {
  const metadata = useLinkMetadataAction();
  const url = entry.url ?? '';
  return (
    <>
      <TextField
        label="Link URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={url}
        onChange={(event) => {
          metadata.reset();
          onChange({ ...entry, url: event.target.value });
        }}
        messages={messages ?? pageRefusal(metadata.error)}
      />
      <button
        type="button"
        className="button button-secondary menu-entry-title-button"
        disabled={url.trim() === '' || metadata.isPending}
        onClick={async () => {
          const outcome = await metadata.run(url.trim());
          if (outcome.ok && outcome.value.title) {
            onChange({ ...entry, title: outcome.value.title.slice(0, TOUR_LIMITS.menuTitle) });
          }
        }}
      >
        {metadata.isPending ? 'Reading the page…' : 'Use the page’s title'}
      </button>
    </>
  );
}

/** Why the page could not be read: the server's words on `link`, else the failure's own. */
function pageRefusal(error: unknown): string[] | undefined {
  if (error === null || error === undefined) return undefined;
  return messagesAt(error, 'link') ?? errorMessages(error);
}
