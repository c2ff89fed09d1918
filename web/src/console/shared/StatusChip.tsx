import { Chip } from '@mui/material';

interface StatusChipProps {
  label: string;
  color: 'success' | 'warning' | 'error' | 'default' | 'info';
}

/** A record's state as a small outlined chip (a voucher's, an offer's), in words. */
export function StatusChip({ label, color }: StatusChipProps) {
  return <Chip label={label} color={color} size="small" variant="outlined" />;
}
