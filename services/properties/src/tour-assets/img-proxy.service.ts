import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { ApiError, sniff } from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { inImageSlot } from '../uploads/images';
import { THUMBNAIL_BOUNDS } from './tour-assets.dto';
import { NOT_AN_IMAGE, WebPages } from './web-pages';

/** Where thumbnails are kept: one object per (url, width, height), named by their hash. */
export const THUMBNAIL_PREFIX = 'img-proxy/';

/**
 * The image proxy (002 §7 `img_proxy/thumbnail`): thumbnails of images on other hosts, for the editors. The image is
 * fetched under WebPages' guard (public addresses only, the connection pinned to the checked address, 5 s, 3
 * redirects, 10 MB), must be a JPEG, PNG, WebP or GIF by its bytes, and is resized with sharp into a JPEG that fits
 * the width and height asked, never enlarged. The thumbnail is kept in the object store under THUMBNAIL_PREFIX; the
 * same url and size later is answered from there without a fetch.
 */
@Injectable()
export class ImageProxyService {
  constructor(
    private readonly pages: WebPages,
    private readonly storage: Storage,
  ) {}

  /** The thumbnail's (presigned, for a while) address in storage; a refusal is a 422 on `url`. */
  async thumbnail(url: string, width: number | undefined, height: number | undefined): Promise<string> {
    const size = { width: width ?? (height ? undefined : THUMBNAIL_BOUNDS.defaultWidth), height };
    const key = thumbnailKey(url, size.width, size.height);
    if (!(await this.storage.head(key))) {
      const reading = await this.pages.image(url);
      if ('refusal' in reading) throw ApiError.invalid('url', reading.refusal);
      const thumbnail = await resized(reading.image.bytes, size.width, size.height);
      if (!thumbnail) throw ApiError.invalid('url', NOT_AN_IMAGE);
      await this.storage.put(key, thumbnail, 'image/jpeg');
    }
    return this.storage.readUrl(key, undefined, 'image/jpeg');
  }
}

export function thumbnailKey(url: string, width: number | undefined, height: number | undefined): string {
  const hash = createHash('sha256')
    .update(`${url}\n${width ?? ''}x${height ?? ''}`)
    .digest('hex');
  return `${THUMBNAIL_PREFIX}${hash}.jpg`;
}

/** A JPEG that fits width × height, or null when the bytes are not an image sharp decodes (nor one of the four kinds). */
async function resized(bytes: Buffer, width: number | undefined, height: number | undefined) {
  if (sniff(bytes.subarray(0, 64))?.kind !== 'image') return null;
  return inImageSlot(async () => {
    try {
      return await sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width, height, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80 })
        .toBuffer();
    } catch {
      return null;
    }
  });
}
