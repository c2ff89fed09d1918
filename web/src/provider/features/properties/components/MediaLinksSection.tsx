import { formatDate } from '../../../../shared/format';
import type { MediaLink } from '../api';
import { useMediaList } from '../hooks';
import { useAddMediaLinkMutation, useDeleteMediaLinkMutation, useMediaLinksQuery } from '../queries';
import { LinkForm } from './LinkForm';
import { LinkList } from './LinkList';
import { MediaSection } from './MediaSection';

const linkLabel = (link: MediaLink) => link.title ?? link.url;

/**
 * Links to the property's media elsewhere (001 §7 Media links: a brochure, a listing, virtual staging), in the
 * order added: "Add link" (POST media_links, 'Invalid URL' under the field), each deletable after asking.
 */
export function MediaLinksSection({ propertyId }: { propertyId: string }) {
  const links = useMediaLinksQuery(propertyId);
  const media = useMediaList(links, 'link', linkLabel);
  const add = useAddMediaLinkMutation();
  const remove = useDeleteMediaLinkMutation();

  return (
    <MediaSection
      title="Media links"
      noun="link"
      form={
        <LinkForm
          noun="link"
          hint="Where the media are, such as a brochure or a listing: https://…"
          serverName="mediaLinks.0"
          add={(link) => add.run(propertyId, link)}
          onAdded={(link) => media.added([link])}
        />
      }
      label={linkLabel}
      onDelete={(link) => media.remove(link, (id) => remove.run(propertyId, id))}
      deleting={remove.isPending}
      error={links.error ?? remove.error}
      notice={media.notice}
    >
      {(deleteButton) =>
        !links.data ? null : media.list.length === 0 ? (
          <p className="muted">No media links yet.</p>
        ) : (
          <LinkList
            label="Media links"
            items={media.list}
            busy={links.isFetching}
            describe={(link) => ({
              href: link.url,
              name: linkLabel(link),
              detail: `${link.title ? `${link.url} · ` : ''}added ${formatDate(link.createdAt)}`,
            })}
            deleteButton={deleteButton}
          />
        )
      }
    </MediaSection>
  );
}
