import { Injectable } from '@nestjs/common';
import { Database, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IDeleteLocationImageQuery,
  IFindLocationImageQuery,
  IFindLocationImageResult,
  IInsertLocationImageQuery,
  IToursShowingLocationImageQuery,
} from './location-images.repository.types';

/** A location image with what the client sees of its file. */
export type LocationImageRow = IFindLocationImageResult;

const insertLocationImage = sql<IInsertLocationImageQuery>`
  INSERT INTO location_images (id, provider_id, file_id) VALUES ($id!, $providerId!, $fileId!)`;

const findLocationImage = sql<IFindLocationImageQuery>`
  SELECT i.id, i.file_id AS "fileId", f.storage_key AS "storageKey", f.thumbnail_key AS "thumbnailKey",
         f.filename, f.content_type AS "contentType", f.width, f.height, i.created_at AS "createdAt"
    FROM location_images i JOIN files f ON f.id = i.file_id
   WHERE i.provider_id = $providerId! AND i.id = $id!`;

const toursShowingLocationImage = sql<IToursShowingLocationImageQuery>`
  SELECT p.title FROM virtual_tours t JOIN properties p ON p.id = t.property_id
   WHERE t.provider_id = $providerId! AND p.deleted_at IS NULL
     AND $id! IN (t.draft #>> '{welcomeScreen,imageId}', t.published #>> '{welcomeScreen,imageId}')
   ORDER BY p.title`;

const deleteLocationImage = sql<IDeleteLocationImageQuery>`
  DELETE FROM location_images WHERE provider_id = $providerId! AND id = $id! RETURNING file_id AS "fileId"`;

/** The `location_images` table: images a provider's tours show (the welcome screen's), each an uploaded file. */
@Injectable()
export class LocationImagesRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Queryable, image: { id: string; providerId: string; fileId: string }): Promise<void> {
    await queryRows(tx, insertLocationImage, image);
  }

  find(providerId: string, id: string): Promise<LocationImageRow | undefined> {
    return queryOne(this.db.dataSource, findLocationImage, { providerId, id });
  }

  /** Titles of the provider's live properties whose tour shows the image on its welcome screen, drafted or published. */
  async toursShowing(tx: Queryable, providerId: string, id: string): Promise<string[]> {
    const found = await queryRows(tx, toursShowingLocationImage, { providerId, id });
    return found.map((row) => row.title);
  }

  /** Removes the provider's image; its file's id, or undefined when the provider has no such image. */
  delete(tx: Queryable, providerId: string, id: string): Promise<{ fileId: string } | undefined> {
    return queryOne(tx, deleteLocationImage, { providerId, id });
  }
}
