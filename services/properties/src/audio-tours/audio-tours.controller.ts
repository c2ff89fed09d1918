import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { IdParam, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import {
  AudioFileResponse,
  AudioFilesQuery,
  AudioTourResponse,
  CreateAudioFile,
  DefaultAudioTourForm,
  UpdateAudioFile,
  UpdateAudioTour,
} from './audio-tours.dto';
import { AUDIO_MESSAGES } from './audio-tours.rules';
import { AudioToursService } from './audio-tours.service';

/** 002 §7 "Provider: audio tours": a property's audio tour and the provider's audio files. */
@Controller('provider/virtual_tours/audio_tours')
@Roles('admin', 'scan_technician', 'member')
export class AudioToursController {
  constructor(private readonly audio: AudioToursService) {}

  @Get('audio_files.json')
  @Responds({ page: AudioFileResponse })
  files(@ProviderId() providerId: string, @Query() query: AudioFilesQuery): Promise<Page<AudioFileResponse>> {
    return this.audio.listFiles(providerId, query);
  }

  /** `{audio_file: {upload_id, name?}}`: a temporary upload whose bytes are MP3, M4A, OGG or WAV (at most 20MB). */
  @Post('audio_files.json')
  @Responds(AudioFileResponse)
  addFile(@ProviderId() providerId: string, @Body() body: CreateAudioFile): Promise<AudioFileResponse> {
    return this.audio.addFile(providerId, body.audioFile);
  }

  @Put('audio_files/:id.json')
  @Responds(AudioFileResponse)
  renameFile(
    @ProviderId() providerId: string,
    @Param('id', IdParam(AUDIO_MESSAGES.fileNotFound)) id: string,
    @Body() body: UpdateAudioFile,
  ): Promise<AudioFileResponse> {
    return this.audio.renameFile(providerId, id, body.audioFile.name);
  }

  /** 409 while a tour plays it, naming the tours. */
  @Delete('audio_files/:id.json')
  @HttpCode(204)
  @Responds(null)
  removeFile(
    @ProviderId() providerId: string,
    @Param('id', IdParam(AUDIO_MESSAGES.fileNotFound)) id: string,
  ): Promise<void> {
    return this.audio.removeFile(providerId, id);
  }

  /** `{property_slug}`: the property's audio tour, made (silent) if it has none. */
  @Post('default.json')
  @HttpCode(200)
  @Responds(AudioTourResponse)
  defaultTour(
    @ProviderId() providerId: string,
    @Body() body: DefaultAudioTourForm,
  ): Promise<AudioTourResponse> {
    return this.audio.defaultTour(providerId, body.propertySlug);
  }

  @Put(':id.json')
  @Responds(AudioTourResponse)
  update(
    @ProviderId() providerId: string,
    @Param('id', IdParam(AUDIO_MESSAGES.tourNotFound)) id: string,
    @Body() body: UpdateAudioTour,
  ): Promise<AudioTourResponse> {
    return this.audio.updateTour(providerId, id, body.audioTour);
  }
}
