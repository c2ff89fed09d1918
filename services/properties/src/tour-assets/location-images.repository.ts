import { Injectable } from '@nestjs/common';
import { Database, one, rows, type Queryable } from '@tourly/platform';

/** A location image with what the client sees of its file. */
export interface LocationImageRow {
  id: string;
  fileId: string;
  storageKey: string;
  thumbnailKey: string | null;
  filename: string;
  contentType: string | null;
  width: number | null;
  height: number | null;
  createdAt: Date;
}

/** The `location_images` table: images a provider's tours show (the welcome screen's), each an uploaded file. */
@Injectable()
export class LocationImagesRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Queryable, image: { id: string; providerId: string; fileId: string }): Promise<void> {
    await rows(tx, 'INSERT INTO location_images (id, provider_id, file_id) VALUES ($1, $2, $3)', [
      image.id,
      image.providerId,
      image.fileId,
    ]);
  }

  find(providerId: string, id: string): Promise<LocationImageRow | undefined> {
    return one<LocationImageRow>(
      this.db.dataSource,
      `SELECT i.id, i.file_id AS "fileId", f.storage_key AS "storageKey", f.thumbnail_key AS "thumbnailKey",
              f.filename, f.content_type AS "contentType", f.width, f.height, i.created_at AS "createdAt"
         FROM location_images i JOIN files f ON f.id = i.file_id
        WHERE i.provider_id = $1 AND i.id = $2`,
      [providerId, id],
    );
  }

  /** Titles of the provider's live properties whose tour shows the image on its welcome screen, drafted or published. */
  async toursShowing(tx: Queryable, providerId: string, id: string): Promise<string[]> {
    const found = await rows<{ title: string }>(
      tx,
      `SELECT p.title FROM virtual_tours t JOIN properties p ON p.id = t.property_id
        WHERE t.provider_id = $1 AND p.deleted_at IS NULL
          AND $2 IN (t.draft #>> '{welcomeScreen,imageId}', t.published #>> '{welcomeScreen,imageId}')
        ORDER BY p.title`,
      [providerId, id],
    );
    return found.map((row) => row.title);
  }

  /** Removes the provider's image; its file's id, or undefined when the provider has no such image. */
  delete(tx: Queryable, providerId: string, id: string): Promise<{ fileId: string } | undefined> {
    return one<{ fileId: string }>(
      tx,
      'DELETE FROM location_images WHERE provider_id = $1 AND id = $2 RETURNING file_id AS "fileId"',
      [providerId, id],
    );
  }
}
