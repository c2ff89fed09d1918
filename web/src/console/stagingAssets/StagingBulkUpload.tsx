import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Form, TextInput, Title, useDataProvider, useNotify, useRedirect } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { FormErrorSummary, SubmitButton, useServerSubmit } from '../shared/useServerSubmit';
import { IMPORT_HELP, stagingImportKey, type StagingImportWithRows } from './stagingImports';

/** The form's values, in the request's shape: the server's field path is the input's source. */
interface BulkUploadValues {
  csv: { url?: string | null };
}

const EMPTY: BulkUploadValues = { csv: {} };
const FIELDS = ['csv.url'];

/**
 * "Bulk upload" (POST /admin/vt_staging/assets/bulk_upload, `csv.url`): the URL of a CSV of models for the platform's
 * library. A file the server cannot use (not reachable, on a private address, too large, a column missing) is refused
 * as a whole, in its words under the URL; otherwise the import starts and its page follows it.
 */
export function StagingBulkUpload() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const redirect = useRedirect();

  const { onSubmit } = useServerSubmit<BulkUploadValues, StagingImportWithRows>({
    fields: FIELDS,
    send: ({ csv }) => dataProvider.bulkUploadStagingAssets((csv.url ?? '').trim()),
    onSuccess: (started) => {
      // The import's page starts from the answer, then follows the import.
      queryClient.setQueryData(stagingImportKey(started.id), started);
      const message = `Import started: ${started.rowCount} ${started.rowCount === 1 ? 'row' : 'rows'} read from the file.`;
      notify(message, { type: 'success', messageArgs: { _: message } });
      redirect('show', 'staging_asset_imports', started.id);
    },
  });

  return (
    <Box sx={{ maxWidth: 720, mt: 2 }}>
      <Title title="Bulk upload of staging assets" />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            Bulk upload of staging assets
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Many assets at once for the platform’s library, from a CSV file at a URL the platform can read:
          </Typography>
          <Box component="ul" sx={{ mt: 0.5, mb: 2, pl: 3, typography: 'body2', color: 'text.secondary' }}>
            {IMPORT_HELP.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
          <Form record={EMPTY} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
            <Box sx={{ display: 'grid', gap: 1 }}>
              <TextInput
                source="csv.url"
                label="CSV file URL"
                type="url"
                helperText="Each row’s model is downloaded and checked in the background; the import’s page shows how far it got."
              />
              <FormErrorSummary />
              <Box>
                <SubmitButton label="Start the import" />
              </Box>
            </Box>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
