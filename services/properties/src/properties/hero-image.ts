import { Injectable } from '@nestjs/common';
import { Matterport } from '../matterport/matterport';
import { MediaService } from '../media/media.service';
import { PropertiesService } from './properties.service';

export interface HeroImage {
  url: string | null;
  thumbnailUrl: string | null;
  /** Where it comes from: the first photo, else the Matterport model's own image. */
  source: 'photo' | 'matterport' | null;
}

/** The image that stands for a property in lists and shares (001 §3 "hero image"). */
@Injectable()
export class HeroImages {
  constructor(
    private readonly properties: PropertiesService,
    private readonly media: MediaService,
    private readonly matterport: Matterport,
  ) {}

  async of(providerId: string, propertyId: string): Promise<HeroImage> {
    const property = await this.properties.get(providerId, propertyId);
    const [photo] = await this.media.list(providerId, propertyId, 'photo');
    if (photo) return { url: photo.url, thumbnailUrl: photo.thumbnailUrl, source: 'photo' };
    const model = await this.matterport.model(property.matterportKey);
    if (model?.thumbnailUrl)
      return { url: model.thumbnailUrl, thumbnailUrl: model.thumbnailUrl, source: 'matterport' };
    return { url: null, thumbnailUrl: null, source: null };
  }
}
