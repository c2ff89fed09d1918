import { Box, Button, Card, CardContent, FormHelperText, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import {
  Form,
  SelectInput,
  TextInput,
  Title,
  useDataProvider,
  useInput,
  useNotify,
  useRedirect,
} from 'react-admin';
import { formatFileSize } from '../../api/upload';
import type { ConsoleDataProvider } from '../dataProvider';
import { FormErrorSummary, SubmitButton, useServerSubmit } from '../shared/useServerSubmit';
import { CreditInputs } from './CreditInputs';
import {
  assetName,
  capitalised,
  CREDIT_FIELDS,
  creditOf,
  uploadFields,
  type CreditValues,
  type StagingAssetRecord,
} from './stagingAssets';
import { useStagingCategories } from './useStagingCategories';

/** The form's values, in the request's shape: the server's field paths are the inputs' sources. */
interface NewAssetValues {
  asset: { file?: File | null; name?: string | null; categoryId?: string | null; credit?: CreditValues };
}

const EMPTY: NewAssetValues = { asset: {} };
const FIELDS = ['asset.file', 'asset.name', 'asset.categoryId', ...CREDIT_FIELDS];

/**
 * "New asset" (POST /admin/vt_staging/assets, multipart): a GLB with its upload's progress, its name, its category and,
 * for a third-party model, its credit; then the list, where it shows first. The server checks the model by its
 * content (a GLB, at most 25 MB and 150,000 triangles): its refusal shows under the file, in its words.
 */
export function StagingAssetCreate() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const categories = useStagingCategories();
  const [progress, setProgress] = useState<number | null>(null);
  // Leaving the page stops an upload still going.
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const { onSubmit } = useServerSubmit<NewAssetValues, StagingAssetRecord>({
    fields: FIELDS,
    send: async ({ asset }) => {
      upload.current = new AbortController();
      setProgress(0);
      try {
        return await dataProvider.uploadStagingAsset(
          asset.file ?? null,
          uploadFields({
            name: asset.name ?? '',
            categoryId: asset.categoryId ?? '',
            credit: creditOf(asset.credit),
          }),
          setProgress,
          upload.current.signal,
        );
      } finally {
        setProgress(null);
      }
    },
    onSuccess: (asset) => {
      const message = `${capitalised(assetName(asset))} added to the platform’s library.`;
      notify(message, { type: 'success', messageArgs: { _: message } });
      redirect('list', 'staging_assets');
    },
  });

  return (
    <Box sx={{ maxWidth: 720, mt: 2 }}>
      <Title title="New staging asset" />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            New staging asset
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            A piece of furniture or decor for the platform’s library, which every provider’s staging editor
            offers.
          </Typography>
          <Form record={EMPTY} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
            <Box sx={{ display: 'grid', gap: 1 }}>
              <ModelFileInput progress={progress} />
              <TextInput source="asset.name" label="Name" helperText="What providers see in the library." />
              <SelectInput
                source="asset.categoryId"
                label="Category"
                choices={categories.data ?? []}
                isPending={categories.isPending}
                helperText={categories.error ? categories.error.message : false}
              />
              <CreditInputs />
              <FormErrorSummary />
              <Box>
                <SubmitButton label="Upload asset" disabled={progress !== null} />
              </Box>
            </Box>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * The model's file (`asset.file`): a button opening the file chooser, the file chosen with its size, the upload's
 * progress while it goes up, and the server's refusal under it.
 */
function ModelFileInput({ progress }: { progress: number | null }) {
  const { field, fieldState, id } = useInput({ source: 'asset.file', format: (value: unknown) => value });
  const file = field.value instanceof File ? field.value : null;
  const error = fieldState.error?.message;
  const describedBy = `${id}-help`;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Button component="label" variant="outlined" size="small" disabled={progress !== null}>
        {file ? 'Choose another model' : 'Choose a model (GLB)'}
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept=".glb,model/gltf-binary"
          aria-label="Model file (GLB)"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          disabled={progress !== null}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            // The same file chosen again is a new choice.
            event.target.value = '';
            field.onChange(chosen);
          }}
        />
      </Button>
      {file && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file.name} · {formatFileSize(file.size)}
        </Typography>
      )}
      {progress !== null && (
        <Box sx={{ width: '100%' }}>
          <Typography variant="caption" role="status">
            Uploading {progress}%
          </Typography>
          <LinearProgress variant="determinate" value={progress} aria-label="Uploading the model" />
        </Box>
      )}
      <FormHelperText id={describedBy} error={Boolean(error)}>
        {error ?? 'glTF binary (.glb), at most 25 MB and 150,000 triangles.'}
      </FormHelperText>
    </Box>
  );
}
