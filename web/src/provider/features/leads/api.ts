import { api, type Page } from '../../../api/client';
import type { Answer } from '../../../api/types';

/** One item of GET /provider/properties/{id}/leads: a visitor's message from the tour or the website. */
export type Lead = Answer<'/provider/properties/{id}/leads', 'get'>['items'][number];

export const LEADS_PAGE_SIZE = 10;

export const fetchLeads = (id: string, page: number, signal?: AbortSignal): Promise<Page<Lead>> =>
  api.page(
    '/provider/properties/{id}/leads',
    { page, pageSize: LEADS_PAGE_SIZE },
    { params: { id }, signal },
  );
