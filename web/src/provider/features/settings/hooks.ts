import { useAction } from '../../../shared/useAction';
import { changeSubdomain, regenerateApiKey, requestWhitelabelDomain, setAutoPopulateModels } from './api';

/** One hook per action of the settings page, each `{ run, isPending, error, reset }`. */
export const useChangeSubdomain = () => useAction(changeSubdomain);
export const useSetAutoPopulateModels = () => useAction(setAutoPopulateModels);
export const useRegenerateApiKey = () => useAction(regenerateApiKey);
export const useRequestWhitelabelDomain = () => useAction(requestWhitelabelDomain);
