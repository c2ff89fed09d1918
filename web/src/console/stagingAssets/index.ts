import { BulkUploadIcon, HistoryIcon, StagingAssetIcon } from '../shared/icons';
import { StagingAssetCreate } from './StagingAssetCreate';
import { StagingAssetList } from './StagingAssetList';
import { StagingAssetLogList } from './StagingAssetLogList';
import { StagingBulkUpload } from './StagingBulkUpload';
import { StagingImportList } from './StagingImportList';
import { StagingImportShow } from './StagingImportShow';

/**
 * Admin: the staging asset library (issue 36), edited from the list's rows (the platform has no single-asset
 * endpoint), its log, and its bulk uploads (a CSV at a URL, each import followed on its own page).
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

export const stagingAssetImports = {
  list: StagingImportList,
  create: StagingBulkUpload,
  show: StagingImportShow,
  icon: BulkUploadIcon,
  options: { label: 'Staging asset imports' },
  recordRepresentation: 'csvUrl',
};
