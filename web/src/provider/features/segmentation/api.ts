import { api } from '../../../api/client';
import type { Answer, Schema } from '../../../api/types';

export type SegmentationStatus = Answer<
  '/provider/properties/{id}/segmentation/status.json',
  'get'
>['segmentation'];
export type SegmentationJob = Schema<'properties.SegmentationJobResponse'>;
export type SegmentationFailure = Schema<'properties.SegmentationFailureResponse'>;

/** Whether the platform segments at all, and the property's latest job (null before the first). */
export const fetchSegmentationStatus = async (propertyId: string, signal?: AbortSignal) =>
  (
    await api.get('/provider/properties/{id}/segmentation/status.json', {
      params: { id: propertyId },
      signal,
    })
  ).segmentation;

/** Queues every panorama of the scan (202), or answers the job already running (200): the job either way. */
export const enqueueSegmentation = async (propertyId: string) =>
  (
    await api.post('/provider/properties/{id}/segmentation/enqueue_equi_segmentation.json', undefined, {
      params: { id: propertyId },
    })
  ).segmentationJob;
