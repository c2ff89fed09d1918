import { IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { EnvInt, EnvUrl, StorageConfig } from '@tourly/platform';

/** The properties service's environment; its own variables join the platform's here. */
export class PropertiesConfig extends StorageConfig {
  /** Google Maps Platform (geocoding, place autocomplete); the emulator's in development and tests. */
  @EnvUrl()
  MAPS_API_URL = 'https://maps.googleapis.com';

  @IsOptional()
  @IsString()
  MAPS_API_KEY = '';

  /** Matterport's Model API (GraphQL); the emulator's in development and tests. */
  @EnvUrl()
  MATTERPORT_API_URL = 'https://api.matterport.com';

  @IsOptional()
  @IsString()
  MATTERPORT_TOKEN_ID = '';

  /**
   * Matterport Showcase, the scan viewer a tour embeds (`?m=<model>` and the URL parameters follow); the emulator's
   * stand-in in development and tests.
   */
  @EnvUrl()
  MATTERPORT_SHOWCASE_URL = 'https://my.matterport.com/show/';

  /**
   * The Showcase SDK's client the visitor's player loads at run time (it defines `window.MP_SDK`, which tells the
   * player where in the space the visitor stands); the emulators' stand-in in development and tests. The gateway
   * reads the same variable to allow the script in the player's pages.
   */
  @EnvUrl()
  MATTERPORT_SDK_URL = 'https://static.matterport.com/showcase-sdk/latest.js';

  /**
   * The platform's Matterport SDK key (public: Matterport ties it to the domains allowed to use it). Showcase
   * accepts SDK connections only when opened with one (`applicationKey=` in the embed URL), so without it the
   * player does not use the SDK.
   */
  @ValidateIf((config: PropertiesConfig) => config.MATTERPORT_SDK_KEY !== '')
  @Matches(/^[A-Za-z0-9]{10,64}$/, { message: 'MATTERPORT_SDK_KEY must be 10 to 64 letters or digits' })
  MATTERPORT_SDK_KEY = '';

  /**
   * The map tiles the visitor's player shows (`{z}/{x}/{y}` filled in by the map): OpenStreetMap's by default, the
   * emulators' in development and tests.
   */
  @Matches(/^https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}\S*$/, {
    message:
      'MAP_TILES_URL must be an http(s) URL with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  })
  MAP_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

  /** The credit the tiles' provider asks for, shown on the map. */
  @IsString()
  MAP_TILES_ATTRIBUTION = '© OpenStreetMap contributors';

  /** Requests per minute one client address may make to the visitor's player API (each replica counts its own). */
  @EnvInt({ min: 1, unit: 'requests per minute' })
  PUBLIC_RATE_LIMIT: number = 600;

  /**
   * Seconds a built tour answer (base.json) is kept for the next visitors before it is built again: a change by
   * the provider shows this much later at most. 0: built at every request.
   */
  @EnvInt({ min: 0, unit: 'seconds' })
  PLAYER_CACHE_SECONDS: number = 2;

  /** Where people open the platform: tours' player links are addressed under it. */
  @EnvUrl({ example: 'https://app.example.com' })
  APP_URL = 'http://localhost:3000';

  @IsOptional()
  @IsString()
  MATTERPORT_TOKEN_SECRET = '';

  /**
   * How often the Matterport account of a provider with `autoPopulateModels` on is read again for new models (it is
   * read at once when the setting is turned on or an account connected).
   */
  @EnvInt({ min: 1000, unit: 'milliseconds' })
  MATTERPORT_AUTO_POPULATE_INTERVAL_MS: number = 300_000;

  /**
   * The product's own domains (comma-separated): external video links there are refused (a link to one of our
   * own tours is not a video). Subdomains count too.
   */
  @Matches(/^[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*$/i, {
    message: 'OWN_DOMAINS must be comma-separated domain names, e.g. tourly.app,localhost',
  })
  OWN_DOMAINS = 'tourly.app,localhost';

  /**
   * The panorama segmentation engine (a hosted vision API: `POST /v1/segmentations` with a bearer key); the emulator's
   * in development and tests. Unset: the platform offers no segmentation (the provider's page says so).
   */
  @EnvUrl({ optional: true, example: 'https://engine.example.com' })
  SEGMENTATION_ENGINE_URL?: string;

  @IsOptional()
  @IsString()
  SEGMENTATION_ENGINE_KEY = '';

  /** A transactional email API shaped like Postmark's (`POST /email`), for leads; the emulator's in development. */
  @EnvUrl()
  MAIL_API_URL = 'https://api.postmarkapp.com';

  @IsOptional()
  @IsString()
  MAIL_API_TOKEN = '';

  @IsString()
  MAIL_FROM = 'Tourly <no-reply@tourly.app>';

  /**
   * Leads one client (an IPv4 address, an IPv6 network's /64) may send in an hour across every tour and website:
   * a contact form is not a mailing tool, but an office or an open house writes from one address.
   */
  @EnvInt({ min: 1 })
  LEADS_PER_ADDRESS_PER_HOUR: number = 20;

  /**
   * Senders new to one tour or website it takes leads from in an hour (each one's first lead counts; those it heard
   * from this hour keep writing within their own limit).
   */
  @EnvInt({ min: 1 })
  LEADS_PER_TOUR_PER_HOUR: number = 50;

  /**
   * Days visitors' raw analytics events are kept (whole day partitions are dropped after that; the rollups the pages
   * read stay). At least 2: an event may arrive a day old.
   */
  @EnvInt({ min: 2, max: 3660, unit: 'days' })
  ANALYTICS_RETENTION_DAYS: number = 90;

  /** How often the (property, day) pairs that received analytics events are rolled up again. */
  @EnvInt({ min: 1000, unit: 'milliseconds' })
  ANALYTICS_ROLLUP_INTERVAL_MS: number = 60_000;

  /** The hour (UTC, 0-23) from which each Monday's weekly analytics report of the week before is sent. */
  @EnvInt({
    min: 0,
    max: 23,
    typeMessage: 'ANALYTICS_WEEKLY_REPORT_HOUR_UTC must be a whole hour from 0 to 23 (UTC)',
    rangeMessage: 'ANALYTICS_WEEKLY_REPORT_HOUR_UTC must be a whole hour from 0 to 23 (UTC)',
  })
  ANALYTICS_WEEKLY_REPORT_HOUR_UTC: number = 6;

  /**
   * The request header the gateway (or the CDN in front of it) puts the visitor's country in, two letters (e.g.
   * `cf-ipcountry`); unset: countries are unknown.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9-]*$/, {
    message: 'ANALYTICS_COUNTRY_HEADER must be an HTTP header name, e.g. cf-ipcountry',
  })
  ANALYTICS_COUNTRY_HEADER = '';

  /** Sketchfab's OAuth 2.0 authorisation page (staging imports); the emulator's in development and tests. */
  @EnvUrl()
  SKETCHFAB_OAUTH_AUTHORIZE_URL = 'https://sketchfab.com/oauth2/authorize/';

  /** Sketchfab's OAuth 2.0 token endpoint. */
  @EnvUrl()
  SKETCHFAB_OAUTH_TOKEN_URL = 'https://sketchfab.com/oauth2/token/';

  /** Sketchfab's Data API (`/v3/...` below it). */
  @EnvUrl()
  SKETCHFAB_API_URL = 'https://api.sketchfab.com';

  /**
   * The platform's application at Sketchfab (its redirect URI: `APP_URL/api/integrations/sketchfab/callback`). Unset:
   * connecting a Sketchfab account, and importing, answer 503.
   */
  @IsOptional()
  @IsString()
  SKETCHFAB_OAUTH_CLIENT_ID = '';

  @IsOptional()
  @IsString()
  SKETCHFAB_OAUTH_CLIENT_SECRET = '';

  /**
   * The key the providers' Sketchfab tokens are encrypted with (AES-256-GCM): 32 random bytes in base64 (`openssl rand
   * -base64 32`). The same on every replica; losing it means every provider connects again. Unset: as without a client.
   */
  @IsOptional()
  @Matches(/^([A-Za-z0-9+/_-]{43}=?)?$/, {
    message: 'SKETCHFAB_TOKEN_KEY must be 32 random bytes in base64, e.g. from openssl rand -base64 32',
  })
  SKETCHFAB_TOKEN_KEY = '';

  /**
   * Origins on the operator's own network (`http://assets.internal:8080`, comma-separated) whose files the staging
   * assets' bulk upload reads although their addresses are private: an asset server beside the platform. Every other
   * URL in a bulk upload, and every redirect, must be on the public internet. Empty: none.
   */
  @Matches(/^(https?:\/\/[^\s,/]+)?(,https?:\/\/[^\s,/]+)*$/, {
    message:
      'STAGING_IMPORT_TRUSTED_ORIGINS must be origins separated by commas, e.g. http://assets.internal:8080 (no path)',
  })
  STAGING_IMPORT_TRUSTED_ORIGINS = '';
}
