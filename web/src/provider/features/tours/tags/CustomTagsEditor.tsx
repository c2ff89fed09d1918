import { useSpace } from '../../../../tour/space';
import { BUILTIN_TAG_ICONS, CUSTOM_TAG_LIMITS, MEDIA_SIZES, MEDIA_TYPES } from '@tourly/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../api/errors';
import { builtinIconUrl } from '../../../../player/layers/tags/icons';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { OnboardingHint } from '../../onboarding/OnboardingHint';
import { Loading } from '../../../../shared/Loading';
import { SelectField } from '../../../../shared/SelectField';
import { TextField } from '../../../../shared/TextField';
import { usePhotosQuery } from '../../properties/queries';
import { messagesAt } from '../layers/layers';
import type { EditedTag, TagLayer } from './api';
import {
  useDeleteIconMutation,
  useIconsQuery,
  useSaveTagsEnabledMutation,
  useSaveTagsMutation,
  useTagLayerQuery,
  useUploadIconMutation,
} from './queries';
import {
  editedOf,
  MEDIA_TYPE_NAMES,
  mediaField,
  newTag,
  placedAt,
  SUB_TYPES,
  tagField,
  withMediaType,
  type MediaType,
} from './rules';
import './tags-editor.css';

/**
 * Custom tags (002 §3, §7): the tour's tags, each placed by a click in the preview's 3D view, with a label, an icon
 * (built-in or uploaded), a colour and media. The list is saved whole with Save (visitors see it once the tour is
 * shared, without publishing); the switch shows or hides the layer at once. Refusals show at their fields.
 */
export function CustomTagsEditor({ propertyId }: { propertyId: string }) {
  const query = useTagLayerQuery(propertyId);
  if (query.error && !query.data) return <ErrorDisplay error={query.error} />;
  if (!query.data) return <Loading />;
  return <Editor propertyId={propertyId} saved={query.data} />;
}

/** Where the server puts a tag's refusals: `tagLayer.customTags.<index>.<field>`. */
const TAGS_FIELD = 'tagLayer.customTags.';

function Editor({ propertyId, saved }: { propertyId: string; saved: TagLayer }) {
  const save = useSaveTagsMutation();
  const toggle = useSaveTagsEnabledMutation();
  const [tags, setTags] = useState<EditedTag[]>(() => saved.customTags.map(editedOf));
  const [editing, setEditing] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const index = tags.findIndex((tag) => tag.key === editing);

  const change = (next: EditedTag[]) => {
    setTags(next);
    setDone(false);
  };
  const update = (key: string, next: EditedTag) => change(tags.map((tag) => (tag.key === key ? next : tag)));

  async function submit() {
    const outcome = await save.run(propertyId, tags);
    if (outcome.ok) {
      const fresh = outcome.value.customTags.map(editedOf);
      // The tag being edited keeps its form open under its saved id.
      if (index >= 0) setEditing(fresh[index]?.key ?? null);
      setTags(fresh);
      setDone(true);
    }
  }

  // The refusals of single tags show in their forms (their rows marked); the rest (the whole list's) below.
  const refusedFields = (save.error instanceof ApiError ? Object.keys(save.error.fields) : []).filter(
    (field) => field.startsWith(TAGS_FIELD),
  );
  const rowRefused = (at: number) => refusedFields.some((field) => field.startsWith(tagField(at, '')));

  return (
    <div className="layers-editor tags-editor">
      <OnboardingHint flag="custom_tags_start" title="Tags in the 3D space">
        <p>
          Add a tag, then place it with a click in the preview’s 3D view. Give it a label, an icon and a
          photo, a video, text or a web page: visitors open it in the space or from the Tags list.
        </p>
      </OnboardingHint>
      <label className="check">
        <input
          type="checkbox"
          checked={saved.settings.tourlyTagsEnabled}
          disabled={toggle.isPending}
          onChange={(event) => void toggle.run(propertyId, event.target.checked)}
        />
        Show the tags to visitors
      </label>
      <ErrorDisplay error={toggle.error} />
      {tags.length === 0 && <p className="muted">No tags yet.</p>}
      <ul className="tags-editor-list">
        {tags.map((tag, at) => (
          <li key={tag.key} className={rowRefused(at) ? 'tags-editor-refused' : undefined}>
            <img
              src={tag.uploadedIconId ? (tag.iconUrl ?? '') : builtinIconUrl(tag.icon)}
              alt=""
              className="tag-icon"
              style={{ background: tag.color }}
            />
            <span className="tags-editor-label">{tag.label || 'Untitled tag'}</span>
            <span className="muted">{tag.position ? 'placed' : 'not placed'}</span>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setEditing(tag.key)}
              aria-label={`Edit ${tag.label || 'the untitled tag'}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Remove ${tag.label || 'the untitled tag'}`}
              onClick={() => {
                change(tags.filter((each) => each.key !== tag.key));
                if (editing === tag.key) setEditing(null);
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button-secondary"
        disabled={tags.length >= CUSTOM_TAG_LIMITS.tagsPerTour}
        onClick={() => {
          const tag = newTag();
          change([...tags, tag]);
          setEditing(tag.key);
        }}
      >
        Add a tag
      </button>
      {index >= 0 && (
        <TagForm
          key={tags[index]!.key}
          propertyId={propertyId}
          tag={tags[index]!}
          index={index}
          error={save.error}
          onChange={(next) => update(tags[index]!.key, next)}
          onClose={() => setEditing(null)}
        />
      )}
      <div className="tags-editor-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={save.isPending}
          onClick={() => void submit()}
        >
          {save.isPending ? 'Saving…' : 'Save the tags'}
        </button>
        {done && <span role="status">Saved: visitors see these tags once the tour is shared.</span>}
      </div>
      {refusedFields.length === 0 && <ErrorDisplay error={save.error} />}
      {refusedFields.length > 0 && (
        <p className="field-error" role="alert">
          Some tags were refused: open the marked ones to see why.
        </p>
      )}
    </div>
  );
}

interface TagFormProps {
  propertyId: string;
  tag: EditedTag;
  index: number;
  error: unknown;
  onChange(tag: EditedTag): void;
  onClose(): void;
}

function TagForm({ propertyId, tag, index, error, onChange, onClose }: TagFormProps) {
  const space = useSpace();
  const photos = usePhotosQuery(propertyId);
  const [placing, setPlacing] = useState(false);
  const latest = useRef(tag);
  latest.current = tag;
  const at = (field: string) => messagesAt(error, tagField(index, field));
  const set = (change: Partial<EditedTag>) => onChange({ ...tag, ...change });
  const setMedia = (change: Partial<EditedTag['media']>) =>
    onChange({ ...tag, media: { ...tag.media, ...change } });
  const field = mediaField(tag.media.type as MediaType);

  // Placing: the next click in the preview's 3D view is where the tag goes.
  useEffect(() => {
    if (!placing || !space) return undefined;
    let live = true;
    const stop = space.onPick((pick) => {
      void space.pose().then((pose) => {
        if (!live) return;
        onChange(placedAt(latest.current, pick, pose));
        setPlacing(false);
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, [placing, space, onChange]);

  return (
    <fieldset className="tags-editor-form">
      <legend>{tag.label ? `Tag “${tag.label}”` : 'New tag'}</legend>
      <TextField
        label="Label"
        value={tag.label}
        maxLength={CUSTOM_TAG_LIMITS.label}
        requiredMark
        messages={at('label')}
        onChange={(event) => set({ label: event.target.value })}
      />
      <TextField
        label="Description"
        value={tag.description}
        maxLength={CUSTOM_TAG_LIMITS.description}
        messages={at('description')}
        onChange={(event) => set({ description: event.target.value })}
      />
      <IconPicker tag={tag} messages={at('icon') ?? at('uploadedIconId')} onChange={set} />
      <label className="field">
        <span className="field-label">Colour</span>
        <input type="color" value={tag.color} onChange={(event) => set({ color: event.target.value })} />
      </label>
      {at('color')?.map((message) => (
        <p key={message} className="field-error">
          {message}
        </p>
      ))}
      <SelectField
        label="Media"
        value={tag.media.type}
        messages={at('media.type')}
        onChange={(event) => onChange(withMediaType(tag, event.target.value as MediaType))}
      >
        {MEDIA_TYPES.map((type) => (
          <option key={type} value={type}>
            {MEDIA_TYPE_NAMES[type]}
          </option>
        ))}
      </SelectField>
      {SUB_TYPES[tag.media.type as MediaType].length > 0 && (
        <SelectField
          label="Shown as"
          value={tag.media.subType ?? ''}
          messages={at('media.subType')}
          onChange={(event) => setMedia({ subType: event.target.value as EditedTag['media']['subType'] })}
        >
          {SUB_TYPES[tag.media.type as MediaType].map((sub) => (
            <option key={sub.value} value={sub.value}>
              {sub.name}
            </option>
          ))}
        </SelectField>
      )}
      {tag.media.type !== 'no_media' && (
        <SelectField
          label="Size"
          value={tag.media.size}
          messages={at('media.size')}
          onChange={(event) => setMedia({ size: event.target.value as EditedTag['media']['size'] })}
        >
          {MEDIA_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectField>
      )}
      {field === 'url' && (
        <TextField
          label={tag.media.type === 'video' ? 'Video link (YouTube, Vimeo or an mp4 file)' : 'Page (https)'}
          type="url"
          value={tag.media.url ?? ''}
          maxLength={CUSTOM_TAG_LIMITS.url}
          messages={at('media.url')}
          onChange={(event) => setMedia({ url: event.target.value })}
        />
      )}
      {field === 'text' && (
        <label className="field">
          <span className="field-label">Text</span>
          <textarea
            className="field-input"
            rows={5}
            value={tag.media.text ?? ''}
            maxLength={CUSTOM_TAG_LIMITS.richText}
            onChange={(event) => setMedia({ text: event.target.value })}
          />
          {at('media.text')?.map((message) => (
            <span key={message} className="field-error">
              {message}
            </span>
          ))}
        </label>
      )}
      {(field === 'mediaId' || tag.media.type === 'rich') && (
        <SelectField
          label={field === 'mediaId' ? 'Photo' : 'Picture (optional)'}
          value={tag.media.mediaId ?? ''}
          messages={at('media.mediaId')}
          hint={photos.data?.length === 0 ? 'Add photos to the property first.' : undefined}
          onChange={(event) => setMedia({ mediaId: event.target.value || null })}
        >
          <option value="">{field === 'mediaId' ? 'Choose a photo' : 'None'}</option>
          {photos.data?.map((photo) => (
            <option key={photo.id} value={photo.id}>
              {photo.name ?? photo.id}
            </option>
          ))}
        </SelectField>
      )}
      <div className="tags-editor-place">
        <button
          type="button"
          className="button button-secondary"
          disabled={!space}
          aria-pressed={placing}
          onClick={() => setPlacing((current) => !current)}
        >
          {placing
            ? 'Click in the 3D view… (cancel)'
            : tag.position
              ? 'Place it again'
              : 'Place in the space'}
        </button>
        <span className="muted" role="status">
          {!space
            ? 'The 3D view has not loaded yet: tags can be placed once it has.'
            : placing
              ? 'Click the spot in the preview where the tag goes.'
              : tag.position
                ? 'Placed.'
                : 'Not placed yet: visitors see it in the list only.'}
        </span>
      </div>
      <button type="button" className="button button-secondary" onClick={onClose}>
        Done
      </button>
    </fieldset>
  );
}

function IconPicker({
  tag,
  messages,
  onChange,
}: {
  tag: EditedTag;
  messages: string[] | undefined;
  onChange(change: Partial<EditedTag>): void;
}) {
  const icons = useIconsQuery();
  const upload = useUploadIconMutation();
  const remove = useDeleteIconMutation();
  const [name, setName] = useState('');
  const file = useRef<HTMLInputElement>(null);

  async function send(chosen: File) {
    const outcome = await upload.run(chosen, name.trim() || chosen.name.replace(/\.[^.]+$/, ''));
    if (outcome.ok) {
      onChange({ icon: null, uploadedIconId: outcome.value.id, iconUrl: outcome.value.url });
      setName('');
    }
    if (file.current) file.current.value = '';
  }

  return (
    <div className="field tags-icon-picker" role="group" aria-label="Icon">
      <span className="field-label">Icon</span>
      <div className="tags-icon-grid">
        {BUILTIN_TAG_ICONS.map((icon) => (
          <button
            key={icon}
            type="button"
            aria-label={icon}
            aria-pressed={!tag.uploadedIconId && tag.icon === icon}
            onClick={() => onChange({ icon, uploadedIconId: null, iconUrl: null })}
          >
            <img src={builtinIconUrl(icon)} alt="" />
          </button>
        ))}
        {icons.data?.map((icon) => (
          <span key={icon.id} className="tags-icon-uploaded">
            <button
              type="button"
              aria-label={icon.name}
              aria-pressed={tag.uploadedIconId === icon.id}
              onClick={() => onChange({ icon: null, uploadedIconId: icon.id, iconUrl: icon.url })}
            >
              <img src={icon.url} alt="" />
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Delete the icon ${icon.name}`}
              disabled={remove.isPending}
              onClick={() => void remove.run(icon.id)}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      <div className="tags-icon-upload">
        <TextField
          label="New icon’s name"
          value={name}
          maxLength={CUSTOM_TAG_LIMITS.iconName}
          onChange={(event) => setName(event.target.value)}
        />
        <label className="button button-secondary">
          {upload.isPending ? 'Uploading…' : 'Upload an icon'}
          <input
            ref={file}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="visually-hidden"
            disabled={upload.isPending}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) void send(chosen);
            }}
          />
        </label>
      </div>
      <ErrorDisplay error={upload.error ?? remove.error} />
      {messages?.map((message) => (
        <p key={message} className="field-error">
          {message}
        </p>
      ))}
    </div>
  );
}
