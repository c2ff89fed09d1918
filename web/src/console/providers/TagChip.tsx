import { Chip } from '@mui/material';

/** A provider's tag, an administrator's label, as a small chip. */
export function TagChip({ tag }: { tag: string }) {
  return <Chip label={tag} size="small" color="secondary" variant="outlined" />;
}
