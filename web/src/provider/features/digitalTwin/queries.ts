import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useMutationAction } from '../../../shared/useMutationAction';
import { propertyKeys } from '../properties/queries';
import {
  align,
  createDigitalTwin,
  deleteDigitalTwin,
  fetchAlignment,
  fetchDigitalTwin,
  saveConfig,
  type DigitalTwin,
} from './api';

/** Under the property's keys: deleting the property forgets its twin. */
export const digitalTwinKeys = {
  twin: (propertyId: string) => [...propertyKeys.one(propertyId), 'digital-twin'] as const,
  alignment: (propertyId: string) => [...propertyKeys.one(propertyId), 'digital-twin', 'alignment'] as const,
};

/** The twin, null when the property has none. */
export const useDigitalTwinQuery = (propertyId: string) =>
  useQuery({
    queryKey: digitalTwinKeys.twin(propertyId),
    queryFn: ({ signal }) => fetchDigitalTwin(propertyId, signal),
  });

/** The pairs kept with their residuals, asked for once there is a twin. */
export const useAlignmentQuery = (propertyId: string, enabled: boolean) =>
  useQuery({
    queryKey: digitalTwinKeys.alignment(propertyId),
    queryFn: ({ signal }) => fetchAlignment(propertyId, signal),
    enabled,
  });

const twinChanged = (client: QueryClient, propertyId: string, twin: DigitalTwin | null) => {
  client.setQueryData(digitalTwinKeys.twin(propertyId), twin);
  client.removeQueries({ queryKey: digitalTwinKeys.alignment(propertyId) });
};

export const useCreateDigitalTwinMutation = () =>
  useMutationAction(createDigitalTwin, (twin, [propertyId], client) => twinChanged(client, propertyId, twin));

export const useDeleteDigitalTwinMutation = () =>
  useMutationAction(deleteDigitalTwin, (_, [propertyId], client) => twinChanged(client, propertyId, null));

/** The fit's answer replaces the pairs kept; the twin (its state, its transform) is asked for again. */
export const useAlignMutation = () =>
  useMutationAction(align, (answer, [propertyId], client) => {
    client.setQueryData(digitalTwinKeys.alignment(propertyId), answer);
    return client.invalidateQueries({ queryKey: digitalTwinKeys.twin(propertyId), exact: true });
  });

export const useSaveConfigMutation = () =>
  useMutationAction(saveConfig, (config, [propertyId], client) =>
    client.setQueryData<DigitalTwin | null>(digitalTwinKeys.twin(propertyId), (twin) =>
      twin ? { ...twin, config } : twin,
    ),
  );
