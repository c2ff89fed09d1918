/** The Developers page: the provider's webhooks. */
export const DEVELOPERS_PATH = '/provider/settings/developers';
