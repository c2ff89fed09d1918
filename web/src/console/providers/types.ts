import type { Answer } from '../../api/types';

/** GET /admin/providers.json */
export type ProviderRecord = Answer<'/admin/providers.json', 'get'>['items'][number];

/** GET /admin/providers/{id}/users.json */
export type ProviderUserRecord = Answer<'/admin/providers/{id}/users.json', 'get'>['items'][number];
