import { useQuery } from '@tanstack/react-query';
import { useMutationAction } from '../../../shared/useMutationAction';
import { propertyKeys } from '../properties/queries';
import { enqueueSegmentation, fetchSegmentationStatus, type SegmentationStatus } from './api';

/** How often a running job's progress is asked for. */
export const SEGMENTATION_POLL_MS = 2_000;

/** Under the property's keys: deleting the property forgets its segmentation too. */
export const segmentationKeys = {
  status: (propertyId: string) => [...propertyKeys.one(propertyId), 'segmentation'] as const,
};

/**
 * The property's segmentation, asked again every 2 s while its job runs (and never once it ended, nor after the
 * section is gone: TanStack stops a query's interval with its last observer).
 */
export const useSegmentationStatusQuery = (propertyId: string) =>
  useQuery({
    queryKey: segmentationKeys.status(propertyId),
    queryFn: ({ signal }) => fetchSegmentationStatus(propertyId, signal),
    refetchInterval: (query) => (query.state.data?.job?.status === 'running' ? SEGMENTATION_POLL_MS : false),
  });

/** The answer is the property's latest job now: it replaces the cached one, which starts the polling. */
export const useEnqueueSegmentationMutation = () =>
  useMutationAction(enqueueSegmentation, (job, [propertyId], client) =>
    client.setQueryData<SegmentationStatus>(segmentationKeys.status(propertyId), (status) => ({
      available: status?.available ?? true,
      job,
    })),
  );
