import { Button, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMemo } from 'react';
import {
  BooleanInput,
  Form,
  SelectInput,
  TextInput,
  useDataProvider,
  useNotify,
  useRefresh,
} from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { ConsoleModal } from '../shared/ConsoleModal';
import { FormErrorSummary, SubmitButton, useServerSubmit } from '../shared/useServerSubmit';
import { CreditInputs } from './CreditInputs';
import {
  assetName,
  capitalised,
  CREDIT_FIELDS,
  creditOf,
  creditValues,
  type CreditValues,
  type StagingAssetRecord,
} from './stagingAssets';
import { useStagingCategories } from './useStagingCategories';

interface EditValues {
  asset: { name: string; categoryId: string; credit: CreditValues; archived: boolean };
}

const FIELDS = ['asset.name', 'asset.categoryId', 'asset.archived', ...CREDIT_FIELDS];

/**
 * An asset's edit (PATCH /admin/vt_staging/assets/{id}): its name, category, credit (every field blank removes it)
 * and whether it is archived, from the list's row (the platform has no single-asset endpoint to read it from). The
 * server's refusals under their inputs, in its words; on success the list is read again.
 */
export function StagingAssetEditDialog({
  asset,
  onClose,
}: {
  asset: StagingAssetRecord;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const categories = useStagingCategories();
  const record = useMemo<EditValues>(
    () => ({
      asset: {
        name: asset.name,
        categoryId: asset.category.id,
        credit: creditValues(asset.credit),
        archived: asset.archivedAt !== null,
      },
    }),
    [asset],
  );
  const { onSubmit } = useServerSubmit<EditValues, StagingAssetRecord>({
    fields: FIELDS,
    send: ({ asset: values }) =>
      dataProvider.updateStagingAsset(asset.id, {
        // An emptied name goes as it is, so the server says under it what is missing.
        name: values.name ?? '',
        categoryId: values.categoryId,
        credit: creditOf(values.credit),
        archived: values.archived,
      }),
    onSuccess: (saved) => {
      const message = `${capitalised(assetName(saved))} saved.`;
      notify(message, { type: 'success', messageArgs: { _: message } });
      refresh();
      onClose();
    },
  });
  const titleId = `edit-staging-asset-${asset.id}`;

  return (
    <ConsoleModal size="medium" labelledBy={titleId} onClose={onClose}>
      <Form record={record} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
        <DialogTitle id={titleId}>Edit {assetName(asset)}</DialogTitle>
        <DialogContent>
          <TextInput source="asset.name" label="Name" fullWidth />
          <SelectInput
            source="asset.categoryId"
            label="Category"
            choices={categories.data ?? [asset.category]}
            isPending={categories.isPending}
          />
          <BooleanInput
            source="asset.archived"
            label="Archived"
            helperText="Archived: out of the providers’ library; scenes that place it keep it."
          />
          <CreditInputs />
          <FormErrorSummary />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton label="Save" />
        </DialogActions>
      </Form>
    </ConsoleModal>
  );
}
