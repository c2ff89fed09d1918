import { useState } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { saveFile } from '../shared/saveFile';

/**
 * Who referred whom (GET /admin/referrers/referrals_export.zip): a period and, if wanted, one referrer's member's
 * email; the zip (referrals.csv, referrers.csv) is saved under the server's name. Refusals are shown in the server's
 * words next to the field they name.
 */
export function ReferralsExport() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    setErrors({});
    try {
      const { blob, filename } = await dataProvider.referralsExport({
        startDate: startDate || undefined,
        endDate: endDate || undefined,
        email: email.trim() || undefined,
      });
      saveFile(blob, filename);
      notify('The referrals export is downloading.', { type: 'success' });
    } catch (error) {
      // withHttpErrors' body: each field's messages joined by ' & ', whole-request ones under `root`.
      const { root: _root, ...fields } =
        (error as { body?: { errors?: Record<string, unknown> } }).body?.errors ?? {};
      setErrors(
        Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, String(message)])),
      );
      if (Object.keys(fields).length === 0) notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Box sx={{ maxWidth: 560, mt: 2 }}>
      <Title title="Referrals" />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            Referrals export
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Who signed up through a provider’s referral link, and the business they set up: a zip of two CSV
            files, one row per referral and one per referrer. Leave the dates empty for all time.
          </Typography>
          <Box
            component="form"
            sx={{ display: 'grid', gap: 2, mt: 2 }}
            onSubmit={(event) => {
              event.preventDefault();
              void download();
            }}
          >
            <TextField
              label="From"
              type="date"
              value={startDate}
              onChange={(event) => setStartDate(event.target.value)}
              error={Boolean(errors.startDate)}
              helperText={errors.startDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="To"
              type="date"
              value={endDate}
              onChange={(event) => setEndDate(event.target.value)}
              error={Boolean(errors.endDate)}
              helperText={errors.endDate ?? 'Up to the end of that day (UTC).'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Referrer’s email"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email ?? 'Only the referrals of the providers this person belongs to.'}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={pending}>
                {pending ? 'Preparing…' : 'Download the export'}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
