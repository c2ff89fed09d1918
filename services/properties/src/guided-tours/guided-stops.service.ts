import { Injectable } from '@nestjs/common';
import { ApiError, Database, pageOf, uuidv7, type Page, type PageQuery } from '@tourly/platform';
import { AudioFilesRepository } from '../audio-tours/audio-files.repository';
import { AudioToursRepository } from '../audio-tours/audio-tours.repository';
import { unknownAudioRefusals } from '../audio-tours/audio-tours.rules';
import { AudioToursService, type AudioRef } from '../audio-tours/audio-tours.service';
import { PropertyScope } from '../properties/property-scope';
import type { GuidedStopForm } from './guided-stops.dto';
import { GuidedStopsRepository, type StopRow } from './guided-stops.repository';
import { stopFilter, stopsPage } from './guided-stops.rules';

export interface GuidedStop {
  id: string;
  sweepId: string;
  rotation: { x: number; y: number };
  title: string;
  text: string;
  audioFile: AudioRef | null;
}

/**
 * The guided tour's stops (issue 34): where the camera stands and looks, a title, a text and an optional narration
 * (one of the provider's audio files). Saved at once as a whole list, no draft: visitors play them while the tour is
 * shared (and premium); the switch (enabled, autoplay, loop) stays in the published layers.
 */
@Injectable()
export class GuidedStopsService {
  constructor(
    private readonly db: Database,
    private readonly scope: PropertyScope,
    private readonly stops: GuidedStopsRepository,
    private readonly audioFiles: AudioFilesRepository,
    private readonly audioTours: AudioToursRepository,
    private readonly audio: AudioToursService,
  ) {}

  async list(providerId: string, propertyId: string): Promise<GuidedStop[]> {
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    return this.views(await this.stops.list(propertyId));
  }

  /** The property's stops become `given`, in order; every narration must be one of the provider's audio files. */
  async save(providerId: string, propertyId: string, given: GuidedStopForm[]): Promise<GuidedStop[]> {
    await this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId, true);
      const named = given.map((stop, index) => ({
        field: `guidedTourLayer.stops.${index}.audioFileId`,
        id: stop.audioFileId,
      }));
      const ids = [...new Set(named.flatMap(({ id }) => (id ? [id.toLowerCase()] : [])))];
      ApiError.refuseAny(unknownAudioRefusals(named, await this.audioFiles.owned(tx, providerId, ids)));
      await this.stops.replace(
        tx,
        providerId,
        propertyId,
        given.map((stop) => ({
          id: uuidv7(),
          sweepId: stop.sweepId,
          rotation: { x: stop.rotation.x, y: stop.rotation.y },
          title: stop.title,
          text: stop.text ?? '',
          audioFileId: stop.audioFileId ?? null,
        })),
      );
    });
    return this.list(providerId, propertyId);
  }

  /**
   * `guided_tour.json`'s page of stops for a shared tour's visitors (searched, filtered on `narrated`): none for a
   * basic tour (the layers come with premium tours).
   */
  async forVisitors(
    propertyId: string,
    query: PageQuery & { search?: string; filters?: Record<string, string> },
  ): Promise<Page<GuidedStop>> {
    const filter = stopFilter(query.filters);
    if ('refusal' in filter) throw ApiError.invalid(filter.refusal.field, filter.refusal.message);
    if (!(await this.audioTours.premium(propertyId))) return pageOf<GuidedStop>([], 0, query);
    return stopsPage(await this.views(await this.stops.list(propertyId)), query, filter);
  }

  private views(rows: StopRow[]): Promise<GuidedStop[]> {
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        sweepId: row.sweepId,
        rotation: { x: row.rotationX, y: row.rotationY },
        title: row.title,
        text: row.text,
        audioFile:
          row.audioFileId && row.audioName && row.audioKey && row.audioFilename
            ? await this.audio.audioRef({
                audioFileId: row.audioFileId,
                name: row.audioName,
                storageKey: row.audioKey,
                filename: row.audioFilename,
                contentType: row.audioContentType,
              })
            : null,
      })),
    );
  }
}
