import { Injectable } from '@nestjs/common';
import { queryOne, queryRows, sql, type Narrow, type Narrowed, type Queryable } from '@tourly/platform';
import type {
  IDeleteWelcomeScreensQuery,
  IInsertWelcomeScreenQuery,
  IListWelcomeScreensQuery,
  IListWelcomeScreensResult,
  IPropertyPremiumQuery,
} from './welcome-screens.repository.types';
import type { WelcomeScreenMediaSize, WelcomeScreenMediaType } from './welcome-screens.rules';

/** A screen with what the client sees of its file (none: no media). */
type Known = { mediaType: WelcomeScreenMediaType; mediaSize: WelcomeScreenMediaSize };

export type WelcomeScreenRow = Narrowed<IListWelcomeScreensResult, Known>;

const listWelcomeScreens = sql<Narrow<IListWelcomeScreensQuery, Known>>`
  SELECT s.id, s.title, s.text, s.button_label AS "buttonLabel", s.media_type AS "mediaType",
         s.media_size AS "mediaSize", s.file_id AS "fileId", f.storage_key AS "storageKey?", f.filename AS "filename?",
         f.content_type AS "contentType"
    FROM welcome_screens s LEFT JOIN files f ON f.id = s.file_id
   WHERE s.property_id = $propertyId!
   ORDER BY s.position`;

const deleteWelcomeScreens = sql<IDeleteWelcomeScreensQuery>`
  DELETE FROM welcome_screens WHERE property_id = $propertyId!`;

const insertWelcomeScreen = sql<IInsertWelcomeScreenQuery>`
  INSERT INTO welcome_screens (id, property_id, provider_id, position, title, text, button_label, media_type,
                               media_size, file_id)
  VALUES ($id!, $propertyId!, $providerId!, $position!, $title!, $text!, $buttonLabel!, $mediaType!, $mediaSize!,
          $fileId)`;

const propertyPremium = sql<IPropertyPremiumQuery>`SELECT premium FROM properties WHERE id = $propertyId!`;

export interface NewWelcomeScreen {
  id: string;
  position: number;
  title: string;
  text: string;
  buttonLabel: string;
  mediaType: WelcomeScreenMediaType;
  mediaSize: WelcomeScreenMediaSize;
  fileId: string | null;
}

/** The `welcome_screens` table: a property's sequence, one row per screen in its place. */
@Injectable()
export class WelcomeScreensRepository {
  /** The property's screens in order; the caller has scoped the property (to its provider, or a shared tour). */
  list(tx: Queryable, propertyId: string): Promise<WelcomeScreenRow[]> {
    return queryRows(tx, listWelcomeScreens, { propertyId });
  }

  /** Replaces the property's screens with these, in their order. */
  async replace(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    screens: NewWelcomeScreen[],
  ): Promise<void> {
    await queryRows(tx, deleteWelcomeScreens, { propertyId });
    for (const screen of screens)
      await queryRows(tx, insertWelcomeScreen, { ...screen, propertyId, providerId });
  }

  /** Whether the property's tour is premium (what a visitor is given of the layers follows it). */
  async premium(tx: Queryable, propertyId: string): Promise<boolean> {
    return (await queryOne(tx, propertyPremium, { propertyId }))?.premium ?? false;
  }
}
