import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  StreamableFile,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@tourly/contracts';
import { ApiError, MultipartFile, ProviderId, Roles } from '@tourly/platform';
import { contentDisposition } from '../storage/storage';
import { ContactsService } from './contacts.service';
import {
  AddFloorplans,
  AddMediaLinks,
  AddPhoto,
  AddPhotos,
  AddVideo,
  DocumentsQuery,
  IdsQuery,
  MediaSourceQuery,
  UpdateContacts,
  UpdateFloorplan,
} from './media.dto';
import { MediaLinksService } from './media-links.service';
import { MediaService, type MediaItem } from './media.service';

const PROVIDER_PEOPLE = ['admin', 'scan_technician', 'member'] as const;

/** 001 §3 "Uploaded document: file id, filename, size, mimeType": a media item with its MIME type by that name. */
const asDocument = (item: MediaItem) => ({ ...item, mimeType: item.contentType });

/** 001 §7 Photos: uploaded photos of a property, added from temporary uploads (images only, by content). */
@Controller('provider/properties/:id/photos')
@Roles(...PROVIDER_PEOPLE)
export class PhotosController {
  constructor(private readonly media: MediaService) {}

  @Get()
  list(@ProviderId() providerId: string, @Param('id') id: string, @Query() query: MediaSourceQuery) {
    return this.media.list(providerId, id, 'photo', query.source);
  }

  /** After a batch of uploads: the property's photos, each with its thumbnail and square flag. */
  @Get('finalize')
  finalize(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.media.list(providerId, id, 'photo');
  }

  @Post('upload_multiple')
  addMany(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: AddPhotos) {
    return this.media.addUploads(
      providerId,
      id,
      'photo',
      { uploadIds: body.photo.temporaryUploadIds },
      'photo.temporaryUploadIds',
    );
  }

  @Post('upload_single')
  async addOne(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: AddPhoto) {
    const [photo] = await this.media.addUploads(
      providerId,
      id,
      'photo',
      { uploadIds: [body.photo.temporaryUploadId] },
      'photo.temporaryUploadId',
    );
    return photo;
  }

  @Delete(':photoId')
  remove(@ProviderId() providerId: string, @Param('id') id: string, @Param('photoId') photoId: string) {
    return this.media.remove(providerId, id, 'photo', [photoId], true);
  }
}

/** 001 §7 Videos: uploaded video files (MP4, MOV, WebM) and links to videos hosted elsewhere. */
@Controller('provider/properties/:id/property_videos')
@Roles(...PROVIDER_PEOPLE)
export class VideosController {
  constructor(private readonly media: MediaService) {}

  @Get()
  list(@ProviderId() providerId: string, @Param('id') id: string, @Query() query: MediaSourceQuery) {
    return this.media.list(providerId, id, 'video', query.source);
  }

  @Post()
  async add(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: AddVideo) {
    const { temporaryUploadId, url, title } = body.propertyVideo;
    if (temporaryUploadId && url) {
      throw ApiError.base(422, 'Send either an uploaded video or a link to one, not both.');
    }
    if (url !== undefined || !temporaryUploadId) {
      return this.media.addExternalVideo(providerId, id, url ?? '', title);
    }
    const [video] = await this.media.addUploads(
      providerId,
      id,
      'video',
      { uploadIds: [temporaryUploadId], names: [title] },
      'propertyVideo.temporaryUploadId',
    );
    return video;
  }

  @Get(':videoId')
  get(@ProviderId() providerId: string, @Param('id') id: string, @Param('videoId') videoId: string) {
    return this.media.get(providerId, id, 'video', videoId);
  }

  @Delete(':videoId')
  remove(@ProviderId() providerId: string, @Param('id') id: string, @Param('videoId') videoId: string) {
    return this.media.remove(providerId, id, 'video', [videoId], true);
  }
}

/** 001 §7 Floorplans: images or PDFs, named and ordered. */
@Controller('provider/properties/:id/floorplans')
@Roles(...PROVIDER_PEOPLE)
export class FloorplansController {
  constructor(private readonly media: MediaService) {}

  @Get()
  list(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.media.list(providerId, id, 'floorplan');
  }

  @Post('upload_multiple')
  add(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: AddFloorplans) {
    return this.media.addUploads(
      providerId,
      id,
      'floorplan',
      { uploadIds: body.floorplan.temporaryUploadIds, names: body.floorplan.names },
      'floorplan.temporaryUploadIds',
    );
  }

  @Put(':floorplanId')
  update(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('floorplanId') floorplanId: string,
    @Body() body: UpdateFloorplan,
  ) {
    if (body.floorplan.name === '') throw ApiError.invalid('floorplan.name', MESSAGES.required);
    return this.media.update(providerId, id, 'floorplan', floorplanId, body.floorplan);
  }

  @Delete(':floorplanId')
  remove(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('floorplanId') floorplanId: string,
  ) {
    return this.media.remove(providerId, id, 'floorplan', [floorplanId], true);
  }
}

/** 001 §7 Documents: PDFs only (by content), paged newest first, and all of them as one zip. */
@Controller('provider/properties/:id/documents')
@Roles(...PROVIDER_PEOPLE)
export class DocumentsController {
  constructor(private readonly media: MediaService) {}

  @Get()
  async list(@ProviderId() providerId: string, @Param('id') id: string, @Query() query: DocumentsQuery) {
    const page = await this.media.page(providerId, id, 'document', query);
    return { ...page, items: page.items.map(asDocument) };
  }

  /** multipart `document[file]`: one PDF per request. */
  @Post()
  @MultipartFile('document[file]', 'One PDF (at most 100MB).')
  async add(@ProviderId() providerId: string, @Param('id') id: string, @Req() request: FastifyRequest) {
    return asDocument(await this.media.addDocument(providerId, id, request.raw));
  }

  @Delete()
  removeMany(@ProviderId() providerId: string, @Param('id') id: string, @Query() query: IdsQuery) {
    return this.media.remove(providerId, id, 'document', query.ids, false);
  }

  @Get('download.zip')
  async download(@ProviderId() providerId: string, @Param('id') id: string) {
    const { filename, stream } = await this.media.documentsZip(providerId, id);
    return new StreamableFile(stream, {
      type: 'application/zip',
      disposition: contentDisposition('attachment', filename),
    });
  }

  @Delete(':documentId')
  remove(@ProviderId() providerId: string, @Param('id') id: string, @Param('documentId') documentId: string) {
    return this.media.remove(providerId, id, 'document', [documentId], true);
  }
}

/** 001 §7 Media links: `{"media_links": [{url, title}]}`. */
@Controller('provider/properties/:id/media_links')
@Roles(...PROVIDER_PEOPLE)
export class MediaLinksController {
  constructor(private readonly links: MediaLinksService) {}

  @Get()
  list(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.links.list(providerId, id);
  }

  @Post()
  add(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: AddMediaLinks) {
    return this.links.add(providerId, id, body.mediaLinks);
  }

  @Delete()
  removeMany(@ProviderId() providerId: string, @Param('id') id: string, @Query() query: IdsQuery) {
    return this.links.remove(providerId, id, query.ids, false);
  }

  @Delete(':linkId')
  remove(@ProviderId() providerId: string, @Param('id') id: string, @Param('linkId') linkId: string) {
    return this.links.remove(providerId, id, [linkId], true);
  }
}

/** 001 §7 `PATCH /contacts (agentIds)`: the agents shown with the property. */
@Controller('provider/properties/:id/contacts')
@Roles(...PROVIDER_PEOPLE)
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Get()
  get(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.contacts.get(providerId, id);
  }

  @Patch()
  update(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: UpdateContacts) {
    return this.contacts.set(providerId, id, body.agentIds);
  }
}
