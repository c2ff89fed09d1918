import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSpace } from '../../../tour/space';
import { iconUrlOf, matching, openFromList, paragraphs, showInSpace, videoPlayerOf, type Tag } from './tags';
import './tags.css';

/** What the layer says: the visitor's language in the player, English in the provider's preview. */
export interface TagsStrings {
  button: string;
  title: string;
  search: string;
  none: string;
  close: string;
  openPage: string;
}

export const ENGLISH_TAGS_STRINGS: TagsStrings = {
  button: 'Tags',
  title: 'Tags in this tour',
  search: 'Search the tags',
  none: 'No tag matches your search.',
  close: 'Close',
  openPage: 'Open the page',
};

interface TagsLayerProps {
  tags: Tag[];
  strings?: TagsStrings;
  /** A tag's card shown (from the list or from the space): the player records it. */
  onOpen?: (tagId: string) => void;
}

/**
 * Custom tags over the tour: the placed tags in the 3D space (while Showcase's SDK is connected), a "Tags" button
 * opening a searchable list, and the open tag's card with its media at its size (a bottom sheet at phone width). A
 * tag opens from the list (the view moves to it) or from the space.
 */
export function TagsLayer({ tags, strings = ENGLISH_TAGS_STRINGS, onOpen }: TagsLayerProps) {
  const space = useSpace();
  const [listOpen, setListOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!space || tags.length === 0) return undefined;
    return showInSpace(space, tags, setOpenId);
  }, [space, tags]);

  // Once per card shown: the list's pick also opens the tag in the space, which answers with the same id.
  useEffect(() => {
    if (openId) onOpen?.(openId);
  }, [openId]);

  const found = useMemo(() => matching(tags, search), [tags, search]);
  const open = tags.find((tag) => tag.id === openId) ?? null;
  if (tags.length === 0) return null;

  function choose(tag: Tag) {
    setOpenId(tag.id);
    setListOpen(false);
    void openFromList(space, tag);
  }

  return (
    <div className="tags-layer">
      <button
        ref={buttonRef}
        type="button"
        className="tags-button"
        aria-expanded={listOpen}
        aria-controls={listId}
        onClick={() => setListOpen((current) => !current)}
      >
        {strings.button}
      </button>
      {listOpen && (
        <section id={listId} className="tags-list" aria-label={strings.title}>
          <header className="tags-list-head">
            <h2>{strings.title}</h2>
            <button
              type="button"
              className="tags-close"
              aria-label={strings.close}
              onClick={() => {
                setListOpen(false);
                buttonRef.current?.focus();
              }}
            >
              ×
            </button>
          </header>
          <input
            type="search"
            className="tags-search"
            aria-label={strings.search}
            placeholder={strings.search}
            value={search}
            autoFocus
            onChange={(event) => setSearch(event.target.value)}
          />
          {found.length === 0 ? (
            <p className="tags-none">{strings.none}</p>
          ) : (
            <ul>
              {found.map((tag) => (
                <li key={tag.id}>
                  <button type="button" className="tags-item" onClick={() => choose(tag)}>
                    <img src={iconUrlOf(tag)} alt="" className="tag-icon" style={{ background: tag.color }} />
                    <span>{tag.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {open && <TagCard tag={open} strings={strings} onClose={() => setOpenId(null)} />}
    </div>
  );
}

/** The open tag: its label, description and media, at the media's size; a bottom sheet at phone width. */
export function TagCard({ tag, strings, onClose }: { tag: Tag; strings: TagsStrings; onClose(): void }) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <section
      className={`tag-card tag-card-${tag.media.size}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      style={{ borderTopColor: tag.color }}
    >
      <header className="tag-card-head">
        <img src={iconUrlOf(tag)} alt="" className="tag-icon" style={{ background: tag.color }} />
        <h2 id={titleId}>{tag.label}</h2>
        <button type="button" className="tags-close" aria-label={strings.close} onClick={onClose}>
          ×
        </button>
      </header>
      {tag.description && <p className="tag-description">{tag.description}</p>}
      <TagMediaView tag={tag} strings={strings} />
    </section>
  );
}

function TagMediaView({ tag, strings }: { tag: Tag; strings: TagsStrings }) {
  const { media } = tag;
  switch (media.type) {
    case 'photo':
      return media.photoUrl ? (
        <img className="tag-media tag-photo" src={media.photoUrl} alt={tag.label} />
      ) : null;
    case 'video': {
      const player = videoPlayerOf(media.url ?? '');
      if (player.kind === 'frame') {
        return (
          <iframe
            className="tag-media tag-video"
            src={player.src}
            title={tag.label}
            allow="fullscreen; picture-in-picture"
            allowFullScreen
          />
        );
      }
      if (player.kind === 'file') {
        return (
          <video className="tag-media tag-video" src={player.src} controls playsInline preload="metadata" />
        );
      }
      return (
        <a className="tag-link" href={player.href} target="_blank" rel="noopener noreferrer">
          {player.href}
        </a>
      );
    }
    case 'rich':
      return (
        <div className="tag-media tag-rich">
          {media.photoUrl && <img className="tag-photo" src={media.photoUrl} alt="" />}
          {paragraphs(media.text ?? '').map((lines, index) => (
            <p key={index}>
              {lines.map((line, at) => (
                <span key={at}>
                  {at > 0 && <br />}
                  {line}
                </span>
              ))}
            </p>
          ))}
        </div>
      );
    case 'website':
      return media.url ? (
        <>
          <iframe
            className="tag-media tag-website"
            src={media.url}
            title={tag.label}
            sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
            referrerPolicy="no-referrer"
          />
          <a className="tag-link" href={media.url} target="_blank" rel="noopener noreferrer">
            {strings.openPage}
          </a>
        </>
      ) : null;
    default:
      return null;
  }
}
