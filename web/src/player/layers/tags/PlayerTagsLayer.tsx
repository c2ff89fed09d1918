import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { request } from '../../../api/client';
import { useAnalytics } from '../../analyticsContext';
import type { Page } from '../../../api/client';
import { TagsLayer } from './TagsLayer';
import type { Tag } from './tags';

/** Tags a tour shows at most (CUSTOM_TAG_LIMITS.tagsPerTour): read in pages of the list's largest size. */
const PAGE_SIZE = 100;
const MOST_PAGES = 2;

async function fetchTags(tourId: string, signal: AbortSignal): Promise<Tag[]> {
  const tags: Tag[] = [];
  for (let page = 1; page <= MOST_PAGES; page += 1) {
    const answer = await request<Page<Tag>>(
      'GET',
      `/digital_twin/${encodeURIComponent(tourId)}/layers/tags.json`,
      {
        query: { page, page_size: PAGE_SIZE },
        signal,
      },
    );
    tags.push(...answer.items);
    if (page >= answer.totalPages) break;
  }
  return tags;
}

/**
 * The visitor's tags (a lazily loaded module of the player: a premium tour's page loads it with the tour): the
 * published tags from tags.json, in the visitor's language. A tour without tags shows nothing; a failed read too.
 */
export default function PlayerTagsLayer({ tourId }: { tourId: string }) {
  const { t } = useTranslation();
  const analytics = useAnalytics();
  const [tags, setTags] = useState<Tag[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchTags(tourId, controller.signal).then(setTags, () => undefined);
    return () => controller.abort();
  }, [tourId]);
  return (
    <TagsLayer
      tags={tags}
      strings={{
        button: t('tagsButton'),
        title: t('tagsTitle'),
        search: t('tagsSearch'),
        none: t('tagsNone'),
        close: t('close'),
        openPage: t('tagOpenPage'),
      }}
      onOpen={(tagId) => analytics.record('tag_opened', { target: tagId })}
    />
  );
}
