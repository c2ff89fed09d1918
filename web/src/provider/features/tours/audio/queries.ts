import { useQuery } from '@tanstack/react-query';
import { APP_KEY } from '../../../../shared/queryClient';
import { useMutationAction } from '../../../../shared/useMutationAction';
import { propertyKeys } from '../../properties/queries';
import {
  deleteAudioFile,
  fetchAudioFiles,
  fetchAudioTour,
  renameAudioFile,
  saveAudioTour,
  uploadAudioFile,
} from './api';

export const audioKeys = {
  /** The provider's audio files, shared by all its tours (and the guided tours' narrations). */
  files: () => [APP_KEY, 'audio-files'] as const,
  tour: (propertyId: string) => [...propertyKeys.one(propertyId), 'audio-tour'] as const,
};

export const useAudioFilesQuery = () =>
  useQuery({ queryKey: audioKeys.files(), queryFn: ({ signal }) => fetchAudioFiles(signal) });

/** The property's audio tour (`default.json` makes it the first time: asking again finds the same). */
export const useAudioTourQuery = (propertyId: string, propertySlug: string) =>
  useQuery({ queryKey: audioKeys.tour(propertyId), queryFn: () => fetchAudioTour(propertySlug) });

export const useUploadAudioFileMutation = () =>
  useMutationAction(uploadAudioFile, (_file, _args, client) =>
    client.invalidateQueries({ queryKey: audioKeys.files() }),
  );

export const useRenameAudioFileMutation = () =>
  useMutationAction(renameAudioFile, (_file, _args, client) =>
    client.invalidateQueries({ queryKey: audioKeys.files() }),
  );

export const useDeleteAudioFileMutation = () =>
  useMutationAction(deleteAudioFile, (_none, _args, client) =>
    client.invalidateQueries({ queryKey: audioKeys.files() }),
  );

export const useSaveAudioTourMutation = (propertyId: string) =>
  useMutationAction(saveAudioTour, (tour, _args, client) =>
    client.setQueryData(audioKeys.tour(propertyId), tour),
  );
