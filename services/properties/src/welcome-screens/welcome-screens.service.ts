import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@tourly/contracts';
import { ApiError, Database, mustBe, uuidv7 } from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { PropertyScope } from '../properties/property-scope';
import { kindOf } from '../uploads/files';
import { UploadsService } from '../uploads/uploads.service';
import { UploadsSweeper } from '../uploads/uploads.sweeper';
import type { WelcomeScreenItemForm, WelcomeSequenceScreenResponse } from './welcome-screens.dto';
import { WelcomeScreensRepository, type WelcomeScreenRow } from './welcome-screens.repository';
import { filesLetGo, planFiles, type FilePlan } from './welcome-screens.rules';

const fieldOf = (screen: number) => `welcomeScreens.${screen}.media.fileId`;

/**
 * A property's welcome screens: the sequence a visitor sees before the tour starts, each with a title, a text, a
 * button's label and a photo, a video or nothing. Saved whole and at once (not through the tour's draft); a new
 * photo or video is an upload of the provider's, attached here; a file no screen keeps is discarded.
 */
@Injectable()
export class WelcomeScreensService {
  constructor(
    private readonly db: Database,
    private readonly scope: PropertyScope,
    private readonly screens: WelcomeScreensRepository,
    private readonly uploads: UploadsService,
    private readonly sweeper: UploadsSweeper,
    private readonly storage: Storage,
  ) {}

  async get(providerId: string, propertyId: string): Promise<WelcomeSequenceScreenResponse[]> {
    const property = await this.scope.of(this.db.dataSource, providerId, propertyId);
    return this.answer(await this.screens.list(this.db.dataSource, property.id));
  }

  async save(
    providerId: string,
    propertyId: string,
    form: WelcomeScreenItemForm[],
  ): Promise<WelcomeSequenceScreenResponse[]> {
    const property = await this.scope.of(this.db.dataSource, providerId, propertyId);
    const choices = form.map((screen) => ({ type: screen.media.type, fileId: screen.media.fileId }));
    const before = await this.screens.list(this.db.dataSource, property.id);
    const early = planFiles(choices, heldFiles(before));
    refuseMissing(early);
    // Direct uploads are looked at in storage before the transaction (storage is slow).
    for (const plan of early) {
      if (plan.use === 'new')
        await this.uploads.checkDirect(providerId, [plan.fileId], [plan.kind], fieldOf(plan.screen));
    }
    const letGo = await this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, property.id, true);
      const current = await this.screens.list(tx, property.id);
      const held = heldFiles(current);
      const plans = planFiles(choices, held);
      for (const plan of plans) {
        if (plan.use === 'kept') {
          const contentType = current.find(
            (screen) => screen.fileId?.toLowerCase() === plan.fileId,
          )?.contentType;
          if (kindOf(contentType ?? null) !== plan.kind)
            throw ApiError.invalid(fieldOf(plan.screen), mustBe([plan.kind]));
        } else if (plan.use === 'new') {
          await this.uploads.attach(tx, providerId, [plan.fileId], [plan.kind], fieldOf(plan.screen));
        }
      }
      await this.screens.replace(
        tx,
        providerId,
        property.id,
        form.map((screen, position) => {
          const plan = plans[position];
          return {
            id: uuidv7(),
            position,
            title: screen.title,
            text: screen.text ?? '',
            buttonLabel: screen.buttonLabel ?? '',
            mediaType: screen.media.type,
            mediaSize: screen.media.size,
            fileId: plan.use === 'kept' || plan.use === 'new' ? plan.fileId : null,
          };
        }),
      );
      const discarded = filesLetGo(held, plans);
      await this.uploads.discard(discarded, tx);
      return discarded.length;
    });
    if (letGo > 0) void this.sweeper.sweepNow();
    return this.answer(await this.screens.list(this.db.dataSource, property.id));
  }

  /** What a visitor of a shared tour (the player checked it may be seen) is given: none on a basic tour. */
  async shown(propertyId: string): Promise<WelcomeSequenceScreenResponse[]> {
    if (!(await this.screens.premium(this.db.dataSource, propertyId))) return [];
    return this.answer(await this.screens.list(this.db.dataSource, propertyId));
  }

  private answer(rows: WelcomeScreenRow[]): Promise<WelcomeSequenceScreenResponse[]> {
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        title: row.title,
        text: row.text,
        buttonLabel: row.buttonLabel,
        media: {
          type: row.mediaType,
          size: row.mediaSize,
          fileId: row.fileId,
          url: row.storageKey
            ? await this.storage.readUrl(
                row.storageKey,
                row.filename ?? undefined,
                row.contentType ?? undefined,
              )
            : null,
          contentType: row.contentType,
        },
      })),
    );
  }
}

function heldFiles(rows: WelcomeScreenRow[]): Set<string> {
  return new Set(rows.flatMap((row) => (row.fileId ? [row.fileId.toLowerCase()] : [])));
}

function refuseMissing(plans: FilePlan[]): void {
  const missing = plans.find((plan) => plan.use === 'missing');
  if (missing) throw ApiError.invalid(fieldOf(missing.screen), MESSAGES.required);
}
