import { Box, Typography } from '@mui/material';
import { DataTable, SearchInput, useBasename, useCanAccess, useRecordContext } from 'react-admin';
import { oneLine } from '../shared/cells';
import { BulkUploadIcon } from '../shared/icons';
import { ListWithCreate } from '../shared/ListWithCreate';
import { ProviderField } from '../shared/ProviderField';
import { RowBlocks, useIsPhone } from '../shared/RowBlocks';
import { StatusChip } from '../shared/StatusChip';
import { TextButton } from '../shared/TextButton';
import { StagingAssetActions } from './StagingAssetActions';
import {
  creditLabel,
  dimensionsLabel,
  sizeInMb,
  trianglesLabel,
  type StagingAssetRecord,
} from './stagingAssets';

/**
 * The staging asset library (GET /admin/vt_staging/assets.json: page, search in the name), newest first: the
 * platform's assets and every provider's own, archived ones too. Each asset's category, whose library it is, its
 * triangles, size and box, its third-party credit and whether it is archived, with "Edit", "Archive" or "Restore",
 * "Delete" and "Log". On a phone each asset is a block, its actions under it. "Bulk upload" beside "New asset" adds
 * many from a CSV.
 */
export function StagingAssetList() {
  const isPhone = useIsPhone();
  return (
    <ListWithCreate
      title="Staging assets"
      createLabel="New asset"
      filters={[<SearchInput key="search" source="search" alwaysOn placeholder="Name" />]}
      actions={<BulkUploadButton />}
    >
      {isPhone ? (
        <RowBlocks<StagingAssetRecord>
          label="Staging assets"
          title={(asset) => asset.name}
          details={[
            { label: 'Picture', value: () => <ThumbnailField /> },
            { label: 'Category', value: (asset) => asset.category.name },
            { label: 'Library', value: () => <LibraryField /> },
            { label: 'Triangles', value: (asset) => trianglesLabel(asset.triangleCount) },
            { label: 'Size', value: (asset) => sizeInMb(asset.size) },
            { label: 'Dimensions', value: (asset) => dimensionsLabel(asset.dimensions) },
            { label: 'Credit', value: (asset) => creditLabel(asset.credit) },
            { label: 'Status', value: (asset) => <ArchivedChip asset={asset} /> },
          ]}
          actions={<StagingAssetActions />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col label="Picture" disableSort>
            <ThumbnailField />
          </DataTable.Col>
          <DataTable.Col source="name" label="Name" disableSort>
            <NameField />
          </DataTable.Col>
          <DataTable.Col
            label="Category"
            disableSort
            render={(asset: StagingAssetRecord) => asset.category.name}
          />
          <DataTable.Col label="Library" disableSort>
            <LibraryField />
          </DataTable.Col>
          <DataTable.Col
            cellSx={oneLine}
            label="Triangles"
            disableSort
            render={(asset: StagingAssetRecord) => trianglesLabel(asset.triangleCount)}
          />
          <DataTable.Col
            cellSx={oneLine}
            label="Size"
            disableSort
            render={(asset: StagingAssetRecord) => sizeInMb(asset.size)}
          />
          <DataTable.Col
            cellSx={oneLine}
            label="Dimensions (w × h × d)"
            disableSort
            render={(asset: StagingAssetRecord) => dimensionsLabel(asset.dimensions)}
          />
          <DataTable.Col
            label="Credit"
            disableSort
            render={(asset: StagingAssetRecord) => creditLabel(asset.credit) ?? '—'}
          />
          <DataTable.Col
            cellSx={oneLine}
            label="Status"
            disableSort
            render={(asset: StagingAssetRecord) => <ArchivedChip asset={asset} />}
          />
          <DataTable.Col cellSx={oneLine} label="Actions" disableSort>
            <StagingAssetActions />
          </DataTable.Col>
        </DataTable>
      )}
    </ListWithCreate>
  );
}

/** "Bulk upload": the form taking a CSV's URL. */
function BulkUploadButton() {
  const basename = useBasename();
  const { canAccess } = useCanAccess({ resource: 'staging_asset_imports', action: 'create' });
  if (!canAccess) return null;
  return (
    <TextButton
      to={`${basename}/staging_asset_imports/create`}
      label="Bulk upload"
      startIcon={<BulkUploadIcon />}
    />
  );
}

/** The side of the asset's picture in the list (its thumbnail is a 256 px WebP square). */
const THUMBNAIL_PX = 48;

/**
 * The asset's catalogue picture, loaded as it scrolls into view in a box of fixed size (the rows never jump); an asset
 * made before thumbnails, or whose model could not be drawn, gets a plain tile.
 */
function ThumbnailField() {
  const asset = useRecordContext<StagingAssetRecord>();
  if (!asset) return null;
  const box = {
    display: 'block',
    width: THUMBNAIL_PX,
    height: THUMBNAIL_PX,
    borderRadius: 1,
    bgcolor: 'action.hover',
  };
  if (!asset.thumbnailUrl) return <Box component="span" aria-hidden="true" sx={box} />;
  return (
    <Box
      component="img"
      src={asset.thumbnailUrl}
      alt={asset.name}
      width={THUMBNAIL_PX}
      height={THUMBNAIL_PX}
      loading="lazy"
      decoding="async"
      sx={{ ...box, objectFit: 'contain' }}
    />
  );
}

/** The name, and below it the file it came from. */
function NameField() {
  const asset = useRecordContext<StagingAssetRecord>();
  if (!asset) return null;
  return (
    <>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block' }}>
        {asset.name}
      </Typography>
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', overflowWrap: 'anywhere' }}
      >
        {asset.filename}
      </Typography>
    </>
  );
}

/** The platform's library, or the provider's own (its name, linking to its page). */
function LibraryField() {
  const asset = useRecordContext<StagingAssetRecord>();
  if (!asset) return null;
  return asset.library === 'platform' ? <span>Platform</span> : <ProviderField source="providerId" />;
}

function ArchivedChip({ asset }: { asset: StagingAssetRecord }) {
  return asset.archivedAt === null ? (
    <StatusChip label="In the library" color="success" />
  ) : (
    <StatusChip label="Archived" color="default" />
  );
}
