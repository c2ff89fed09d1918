import { Inject, Injectable } from '@nestjs/common';
import type { SegmentKind } from '@tourly/contracts';
import { CONFIG } from '@tourly/platform';
import type { PropertiesConfig } from '../config';

/** One thing the engine found in a panorama: its share of the picture and its box ([x, y, width, height] pixels). */
export interface Segment {
  label: string;
  kind: SegmentKind;
  /** Its value in the mask. */
  value: number;
  pixelShare: number;
  bbox: [number, number, number, number];
}

export interface SegmentedPanorama {
  width: number;
  height: number;
  segments: Segment[];
  /** No furniture found: a room virtual staging can furnish. */
  emptyRoom: boolean;
  /** One grey channel, each pixel the value of its segment (0: nothing recognised), a quarter of the size. */
  mask: { png: Buffer; width: number; height: number };
}

/** The engine refuses this panorama for good (unreadable, unreachable, not a 360° picture): trying again is useless. */
export class SegmentationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SegmentationRefused';
  }
}

/** The engine is away, busy or refused our key: the same panorama may succeed later. */
export class SegmentationUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SegmentationUnavailable';
  }
}

/** The segmentation engine's port: one equirectangular panorama in (by its link), its segments and mask out. */
export abstract class SegmentationEngine {
  /** Whether the platform has an engine at all. */
  abstract get available(): boolean;
  abstract segment(imageUrl: string): Promise<SegmentedPanorama>;
}

/** The engine answers a panorama of a few megapixels in seconds; past this the try counts as failed. */
const TIMEOUT_MS = 60_000;

interface EngineAnswer {
  width: number;
  height: number;
  labels: Array<{ label: string; kind: SegmentKind; value: number; pixel_share: number; bbox: Segment['bbox'] }>;
  empty_room: boolean;
  mask: { format: 'png'; width: number; height: number; data: string };
}

/** The adapter on the engine's HTTP API (SEGMENTATION_ENGINE_URL and _KEY), the emulator's in development and tests. */
@Injectable()
export class HttpSegmentationEngine extends SegmentationEngine {
  constructor(@Inject(CONFIG) private readonly config: PropertiesConfig) {
    super();
  }

  get available(): boolean {
    return !!this.config.SEGMENTATION_ENGINE_URL;
  }

  async segment(imageUrl: string): Promise<SegmentedPanorama> {
    const base = this.config.SEGMENTATION_ENGINE_URL;
    if (!base) throw new SegmentationUnavailable('no segmentation engine is configured');
    let response: Response;
    try {
      response = await fetch(`${base.replace(/\/$/, '')}/v1/segmentations`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.config.SEGMENTATION_ENGINE_KEY}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ image_url: imageUrl, mask_format: 'png' }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new SegmentationUnavailable(`the engine did not answer: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as
      | (EngineAnswer & { error?: { message?: string } })
      | null;
    if (response.ok && body?.mask) {
      return {
        width: body.width,
        height: body.height,
        segments: body.labels.map((found) => ({
          label: found.label,
          kind: found.kind,
          value: found.value,
          pixelShare: found.pixel_share,
          bbox: found.bbox,
        })),
        emptyRoom: body.empty_room,
        mask: { png: Buffer.from(body.mask.data, 'base64'), width: body.mask.width, height: body.mask.height },
      };
    }
    const reason = body?.error?.message ?? `the engine answered ${response.status}`;
    // Our key refused, too many requests or the engine's own failure: the panorama is not at fault.
    if (response.status === 401 || response.status === 429 || response.status >= 500 || response.ok) {
      throw new SegmentationUnavailable(reason);
    }
    throw new SegmentationRefused(reason);
  }
}
