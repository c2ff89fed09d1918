import { HistoryIcon, StagingAssetIcon } from '../shared/icons';
import { StagingAssetCreate } from './StagingAssetCreate';
import { StagingAssetList } from './StagingAssetList';
import { StagingAssetLogList } from './StagingAssetLogList';

/**
 * Admin: the staging asset library (issue 36), edited from the list's rows (the platform has no single-asset
 * endpoint), and its log.
 */
export const stagingAssets = {
  list: StagingAssetList,
  create: StagingAssetCreate,
  icon: StagingAssetIcon,
  options: { label: 'Staging assets' },
  recordRepresentation: 'name',
};

export const stagingAssetLog = {
  list: StagingAssetLogList,
  icon: HistoryIcon,
  options: { label: 'Staging asset log' },
};
