import { OnboardingHint } from '../../../onboarding/OnboardingHint';
import {
  fontOption,
  FONT_OPTIONS,
  FONT_WEIGHT_NAMES,
  LOGO_SIZES,
  LOGO_SOURCES,
  MENU_BACKGROUND_STYLES,
  MENU_TYPES,
  TITLE_SIZES,
  type OverlayFont,
  type OverlayItem,
  type OverlayLayout,
  type OverlayRow,
} from '@tourly/contracts';
import { useState } from 'react';
import { SelectField } from '../../../../../shared/SelectField';
import { moved } from '../../../properties/website';
import {
  addableItems,
  COLUMN_NAMES,
  ITEM_LABELS,
  messagesAt,
  newItem,
  type ItemType,
  type RowName,
} from '../layers';
import { ColourField } from './ColourField';

interface OverlayEditorProps {
  overlay: OverlayLayout;
  onChange(change: (overlay: OverlayLayout) => OverlayLayout): void;
  refusal: unknown;
}

const ROW_LABELS: Record<RowName, string> = { top: 'Top row', bottom: 'Bottom row' };
const MENU_TYPE_LABELS: Record<OverlayLayout['menu']['type'], string> = {
  sidebar: 'Sidebar',
  burger_menu: 'Burger menu (a dropdown)',
  fullscreen: 'Full screen',
  no_menu: 'No menu',
};
const SIZE_LABELS: Record<string, string> = {
  xs: 'Extra small',
  sm: 'Small',
  md: 'Medium',
  lg: 'Large',
  xl: 'Extra large',
};

/**
 * The overlay's layout (001 §3): for each row its banner (none, see-through or a colour) and its three columns of
 * items (add, remove, reorder, move to another column; each item's settings), then the menu's style, font and
 * background.
 */
export function OverlayEditor({ overlay, onChange, refusal }: OverlayEditorProps) {
  const setRow = (row: RowName, change: (current: OverlayRow) => OverlayRow) =>
    onChange((current) => ({ ...current, [row]: change(current[row]) }));
  const menu = overlay.menu;
  const setMenu = (change: Partial<OverlayLayout['menu']>) =>
    onChange((current) => ({ ...current, menu: { ...current.menu, ...change } }));

  return (
    <div className="layers-editor">
      <OnboardingHint flag="cs_overlay" title="Your brand over the tour">
        <p>
          The overlay frames the 3D tour with your banner, logos and the property’s title, at the top and the
          bottom. Each change shows in the preview a moment after you make it; visitors see it once you
          publish.
        </p>
      </OnboardingHint>
      {(['top', 'bottom'] as const).map((row) => (
        <RowEditor
          key={row}
          name={row}
          overlay={overlay}
          onChange={(change) => setRow(row, change)}
          refusal={refusal}
        />
      ))}
      <fieldset className="layers-group">
        <legend>Menu style</legend>
        <SelectField
          label="Menu type"
          value={menu.type}
          onChange={(event) => setMenu({ type: event.target.value as OverlayLayout['menu']['type'] })}
          messages={messagesAt(refusal, 'overlay.menu.type')}
        >
          {MENU_TYPES.map((type) => (
            <option key={type} value={type}>
              {MENU_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <FontFields
          label="Menu"
          font={menu.font}
          onChange={(font) => setMenu({ font })}
          refusal={refusal}
          path="overlay.menu.font"
        />
        <ColourField
          label="Menu background colour"
          value={menu.background.color}
          onChange={(color) =>
            setMenu({ background: { ...menu.background, color: color ?? menu.background.color } })
          }
          messages={messagesAt(refusal, 'overlay.menu.background.color')}
        />
        <SelectField
          label="Menu background style"
          value={menu.background.style}
          onChange={(event) =>
            setMenu({
              background: {
                ...menu.background,
                style: event.target.value as OverlayLayout['menu']['background']['style'],
              },
            })
          }
        >
          {MENU_BACKGROUND_STYLES.map((style) => (
            <option key={style} value={style}>
              {style === 'frosted' ? 'Frosted glass' : 'Gradient'}
            </option>
          ))}
        </SelectField>
      </fieldset>
    </div>
  );
}

interface RowEditorProps {
  name: RowName;
  overlay: OverlayLayout;
  onChange(change: (row: OverlayRow) => OverlayRow): void;
  refusal: unknown;
}

function RowEditor({ name, overlay, onChange, refusal }: RowEditorProps) {
  const row = overlay[name];
  const label = ROW_LABELS[name];
  const bannerChoice = row.banner?.style ?? 'none';

  function setColumn(column: number, change: (items: OverlayItem[]) => OverlayItem[]) {
    onChange((current) => {
      const columns = [...current.columns] as OverlayRow['columns'];
      columns[column] = change(columns[column]);
      return { ...current, columns };
    });
  }

  function moveAcross(column: number, index: number, by: -1 | 1) {
    onChange((current) => {
      const target = column + by;
      const columns = [...current.columns] as OverlayRow['columns'];
      const item = columns[column][index]!;
      columns[column] = columns[column].filter((_, at) => at !== index);
      columns[target] = [...columns[target]!, item];
      return { ...current, columns };
    });
  }

  return (
    <fieldset className="layers-group">
      <legend>{label}</legend>
      <SelectField
        label={`${label} banner`}
        value={bannerChoice}
        onChange={(event) => {
          const style = event.target.value;
          onChange((current) => ({
            ...current,
            banner:
              style === 'none'
                ? null
                : { style: style as 'transparent' | 'color', color: current.banner?.color ?? null },
          }));
        }}
        messages={messagesAt(refusal, `overlay.${name}.banner.style`)}
      >
        <option value="none">No banner</option>
        <option value="transparent">Transparent</option>
        <option value="color">Colour</option>
      </SelectField>
      {row.banner?.style === 'color' && (
        <ColourField
          label={`${label} banner colour`}
          value={row.banner.color}
          emptyHint="Empty: your branding’s primary colour."
          onChange={(color) => onChange((current) => ({ ...current, banner: { style: 'color', color } }))}
          messages={messagesAt(refusal, `overlay.${name}.banner.color`)}
        />
      )}
      <div className="overlay-columns">
        {COLUMN_NAMES.map((columnName, column) => (
          <ColumnEditor
            key={columnName}
            label={`${label}, ${columnName.toLowerCase()} column`}
            heading={`${columnName} column`}
            items={row.columns[column]!}
            addable={addableItems(overlay, name, column)}
            canMoveLeft={column > 0}
            canMoveRight={column < 2}
            onChange={(change) => setColumn(column, change)}
            onMoveAcross={(index, by) => moveAcross(column, index, by)}
            refusal={refusal}
            path={`overlay.${name}.columns.${column}`}
          />
        ))}
      </div>
    </fieldset>
  );
}

interface ColumnEditorProps {
  /** Names the column's region for screen readers: 'Top row, left column'. */
  label: string;
  heading: string;
  items: OverlayItem[];
  addable: ItemType[];
  canMoveLeft: boolean;
  canMoveRight: boolean;
  onChange(change: (items: OverlayItem[]) => OverlayItem[]): void;
  onMoveAcross(index: number, by: -1 | 1): void;
  refusal: unknown;
  path: string;
}

function ColumnEditor({
  label,
  heading,
  items,
  addable,
  canMoveLeft,
  canMoveRight,
  onChange,
  onMoveAcross,
  refusal,
  path,
}: ColumnEditorProps) {
  const [adding, setAdding] = useState<ItemType | ''>('');
  const setItem = (index: number, item: OverlayItem) =>
    onChange((current) => current.map((each, at) => (at === index ? item : each)));
  const messages = messagesAt(refusal, path);

  return (
    <section className="overlay-column" aria-label={label}>
      <h4>{heading}</h4>
      {items.length === 0 && <p className="muted">Empty.</p>}
      <ol className="overlay-items">
        {items.map((item, index) => {
          const itemLabel = `${ITEM_LABELS[item.type]} (${label})`;
          return (
            <li key={`${item.type}-${index}`} className="overlay-item">
              <div className="overlay-item-header">
                <strong>{ITEM_LABELS[item.type]}</strong>
                <div className="icon-buttons">
                  <IconButton
                    label={`Move ${itemLabel} up`}
                    disabled={index === 0}
                    onClick={() => onChange((c) => moved(c, index, -1))}
                  >
                    ↑
                  </IconButton>
                  <IconButton
                    label={`Move ${itemLabel} down`}
                    disabled={index === items.length - 1}
                    onClick={() => onChange((c) => moved(c, index, 1))}
                  >
                    ↓
                  </IconButton>
                  <IconButton
                    label={`Move ${itemLabel} left`}
                    disabled={!canMoveLeft}
                    onClick={() => onMoveAcross(index, -1)}
                  >
                    ←
                  </IconButton>
                  <IconButton
                    label={`Move ${itemLabel} right`}
                    disabled={!canMoveRight}
                    onClick={() => onMoveAcross(index, 1)}
                  >
                    →
                  </IconButton>
                  <IconButton
                    label={`Remove ${itemLabel}`}
                    onClick={() => onChange((c) => c.filter((_, at) => at !== index))}
                  >
                    ×
                  </IconButton>
                </div>
              </div>
              {item.type === 'logo' && (
                <div className="field-row">
                  <SelectField
                    label="Logo size"
                    value={item.size}
                    onChange={(event) =>
                      setItem(index, { ...item, size: event.target.value as typeof item.size })
                    }
                  >
                    {LOGO_SIZES.map((size) => (
                      <option key={size} value={size}>
                        {SIZE_LABELS[size]}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField
                    label="Logo of"
                    value={item.source}
                    onChange={(event) =>
                      setItem(index, { ...item, source: event.target.value as (typeof LOGO_SOURCES)[number] })
                    }
                  >
                    <option value="provider">Your business</option>
                    <option value="client">The client</option>
                  </SelectField>
                </div>
              )}
              {item.type === 'property-title' && (
                <>
                  <SelectField
                    label="Title size"
                    value={item.size}
                    onChange={(event) =>
                      setItem(index, { ...item, size: event.target.value as (typeof TITLE_SIZES)[number] })
                    }
                  >
                    {TITLE_SIZES.map((size) => (
                      <option key={size} value={size}>
                        {SIZE_LABELS[size]}
                      </option>
                    ))}
                  </SelectField>
                  <FontFields
                    label="Title"
                    font={item.font}
                    onChange={(font) => setItem(index, { ...item, font })}
                    refusal={refusal}
                    path={`${path}.${index}.font`}
                  />
                </>
              )}
            </li>
          );
        })}
      </ol>
      {addable.length > 0 && (
        <div className="overlay-add">
          <SelectField
            label={`Add to the ${heading.toLowerCase()}`}
            value={adding}
            onChange={(event) => setAdding(event.target.value as ItemType | '')}
          >
            <option value="">Choose an item…</option>
            {addable.map((type) => (
              <option key={type} value={type}>
                {ITEM_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            className="button button-secondary"
            disabled={adding === '' || !addable.includes(adding)}
            onClick={() => {
              if (adding === '') return;
              onChange((current) => [...current, newItem(adding)]);
              setAdding('');
            }}
          >
            Add
          </button>
        </div>
      )}
      {messages && (
        <p className="field-message" role="alert">
          {messages.join(' & ')}
        </p>
      )}
    </section>
  );
}

export function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick(): void;
  children: string;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

interface FontFieldsProps {
  label: string;
  font: OverlayFont;
  onChange(font: OverlayFont): void;
  refusal: unknown;
  path: string;
}

/** The editor's font select: the device's own stacks, then the web fonts served with the app. */
const FONT_GROUPS = [
  ['System fonts', FONT_OPTIONS.filter((option) => option.source === 'system')],
  ['Web fonts', FONT_OPTIONS.filter((option) => option.source === 'web')],
] as const;

function FontFields({ label, font, onChange, refusal, path }: FontFieldsProps) {
  return (
    <div className="field-row">
      <SelectField
        label={`${label} font`}
        value={font.family}
        onChange={(event) => onChange({ ...font, family: event.target.value as OverlayFont['family'] })}
      >
        {FONT_GROUPS.map(([group, options]) => (
          <optgroup key={group} label={group}>
            {options.map((option) => (
              <option key={option.family} value={option.family}>
                {option.name}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <SelectField
        label={`${label} weight`}
        value={String(font.weight)}
        onChange={(event) =>
          onChange({ ...font, weight: Number(event.target.value) as OverlayFont['weight'] })
        }
      >
        {fontOption(font.family).variants.map((weight) => (
          <option key={weight} value={weight}>
            {`${FONT_WEIGHT_NAMES[weight]} ${weight}`}
          </option>
        ))}
      </SelectField>
      <ColourField
        label={`${label} colour`}
        value={font.color}
        onChange={(color) => onChange({ ...font, color: color ?? font.color })}
        messages={messagesAt(refusal, `${path}.color`)}
      />
    </div>
  );
}
