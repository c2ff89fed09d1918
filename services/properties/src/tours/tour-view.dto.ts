import { ApiProperty } from '@nestjs/swagger';
import { PublicPropertyResponse } from '../website/website.dto';
import { BrandingResponse, MediaResponse, SetupResponse, TourLinksResponse } from './player-links.dto';
import {
  GuidedTourLayerResponse,
  MenuResponse,
  OverlayLayoutResponse,
  WelcomeScreenResponse,
} from './tour-layers.dto';

export class TourWelcomeScreenResponse extends WelcomeScreenResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    description: "the picture's address (a signed link that expires)",
  })
  imageUrl!: string | null;
}

/** The layers as the player gets them: the welcome screen's picture with its address. */
export class TourViewLayersResponse {
  @ApiProperty({ type: () => OverlayLayoutResponse })
  overlay!: OverlayLayoutResponse;

  @ApiProperty({ type: () => MenuResponse })
  menu!: MenuResponse;

  @ApiProperty({ type: () => TourWelcomeScreenResponse })
  welcomeScreen!: TourWelcomeScreenResponse;

  @ApiProperty({ type: () => GuidedTourLayerResponse })
  guidedTour!: GuidedTourLayerResponse;
}

export class TourModelResponse {
  @ApiProperty({ description: 'the Matterport model the player shows' })
  key!: string;

  @ApiProperty({ type: String, nullable: true, example: 'ss=12&sr=-.5,1.2' })
  startPosition!: string | null;

  @ApiProperty({ description: 'the Showcase URL: the model, its start position and the URL parameters' })
  embedUrl!: string;
}

export class ShowcaseSdkResponse {
  @ApiProperty({
    description: 'the SDK client script, which defines `window.MP_SDK`',
    example: 'https://static.matterport.com/showcase-sdk/latest.js',
  })
  url!: string;

  @ApiProperty({
    description: 'the SDK key the embed URL carries as `applicationKey`, which connect repeats',
  })
  key!: string;
}

/**
 * The player's JSON: what the provider's preview and the visitor's tour page (issue 13) both render, with the same
 * component.
 */
export class TourViewResponse {
  @ApiProperty({ type: () => PublicPropertyResponse })
  property!: PublicPropertyResponse;

  @ApiProperty({ type: () => TourModelResponse })
  model!: TourModelResponse;

  @ApiProperty({ type: () => TourViewLayersResponse })
  layers!: TourViewLayersResponse;

  @ApiProperty({ type: () => BrandingResponse })
  branding!: BrandingResponse;

  @ApiProperty({ type: () => MediaResponse })
  media!: MediaResponse;

  @ApiProperty({ type: () => SetupResponse })
  setup!: SetupResponse;

  @ApiProperty({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true },
    description: 'every URL parameter by name, with its value',
  })
  urlParameters!: Record<string, number | string | null>;

  @ApiProperty({ description: 'the listing services’ view: no branding, no lead capture' })
  mls!: boolean;

  @ApiProperty({ type: () => TourLinksResponse })
  links!: TourLinksResponse;
}

/**
 * The provider's preview: the tour view with the Showcase SDK its layers' editors reach the 3D space through (where
 * a tag stands, which sweep a stop is at).
 */
export class TourPreviewResponse extends TourViewResponse {
  @ApiProperty({
    type: () => ShowcaseSdkResponse,
    nullable: true,
    description: 'the Showcase SDK the preview connects to the embed with; null: no SDK key configured',
  })
  showcaseSdk!: ShowcaseSdkResponse | null;
}
