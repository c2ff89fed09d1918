import { Injectable } from '@nestjs/common';
import { ApiError } from '@tourly/platform';
import { Matterport } from '../matterport/matterport';
import { MediaService } from '../media/media.service';
import { PropertiesService } from './properties.service';

export interface HeroImage {
  url: string | null;
  thumbnailUrl: string | null;
  /** Where it comes from: the first photo, else the model's own image in the provider's Matterport account. */
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
    const model = await this.matterport.model(providerId, property.matterportKey).catch((error: unknown) => {
      // An image that stands for the property is not worth failing its card for: none while Matterport is away.
      if (error instanceof ApiError && error.getStatus() === 503) return null;
      throw error;
    });
    if (model?.thumbnailUrl)
      return { url: model.thumbnailUrl, thumbnailUrl: model.thumbnailUrl, source: 'matterport' };
    return { url: null, thumbnailUrl: null, source: null };
  }
}
