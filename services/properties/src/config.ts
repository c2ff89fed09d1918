import { IsOptional, IsString, Matches } from 'class-validator';
import { DatabaseConfig } from '@tourly/platform';

/** The properties service's environment; its own variables join the platform's here. */
export class PropertiesConfig extends DatabaseConfig {
  /** Google Maps Platform (geocoding, place autocomplete); the emulator's in development and tests. */
  @Matches(/^https?:\/\/\S+$/, { message: 'MAPS_API_URL must be an http(s) URL' })
  MAPS_API_URL = 'https://maps.googleapis.com';

  @IsOptional()
  @IsString()
  MAPS_API_KEY = '';

  /** Matterport's Model API (GraphQL); the emulator's in development and tests. */
  @Matches(/^https?:\/\/\S+$/, { message: 'MATTERPORT_API_URL must be an http(s) URL' })
  MATTERPORT_API_URL = 'https://api.matterport.com';

  @IsOptional()
  @IsString()
  MATTERPORT_TOKEN_ID = '';

  @IsOptional()
  @IsString()
  MATTERPORT_TOKEN_SECRET = '';
}
