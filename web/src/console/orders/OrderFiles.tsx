import { Box, Link, Typography } from '@mui/material';
import type { OrderFileRole } from '@tourly/contracts';
import type { ReactNode } from 'react';
import { formatFileSize } from '../../api/upload';
import { formatDateTime } from '../../shared/format';
import { FILE_SECTIONS, type OrderFile } from './orders';

interface FileListProps {
  files: OrderFile[];
  /** The list's name for screen readers ('Deliverables'). */
  label: string;
  empty: string;
  /** What can be done with each file (the supplier's "Delete", "Copy to deliverables"). */
  actions?: (file: OrderFile) => ReactNode;
}

/** Files as links (presigned, valid an hour: the page reads them again when it loads), their size and date. */
export function FileList({ files, label, empty, actions }: FileListProps) {
  if (files.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {files.map((file) => (
        <Box
          component="li"
          key={file.id}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, minWidth: 0 }}
        >
          <Link
            href={file.url}
            target="_blank"
            rel="noreferrer"
            sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}
          >
            {file.filename}
          </Link>
          <Typography variant="caption" color="text.secondary">
            {formatFileSize(file.size)} · {formatDateTime(file.createdAt)}
          </Typography>
          {actions && (
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
              {actions(file)}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** The files of one role. */
export const filesOf = (files: OrderFile[], role: OrderFileRole) =>
  files.filter((file) => file.role === role);

/** Every file of the order by role (deliverables, working files, property data, supporting files), to read. */
export function OrderFiles({ files }: { files: OrderFile[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {FILE_SECTIONS.map(({ role, label }) => (
        <Box key={role}>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {label}
          </Typography>
          <FileList files={filesOf(files, role)} label={label} empty="None." />
        </Box>
      ))}
    </Box>
  );
}
