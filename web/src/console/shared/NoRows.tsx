import { Typography } from '@mui/material';

/** What an empty table says instead of its rows. */
export function NoRows({ text, padded = false }: { text: string; padded?: boolean }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: padded ? 2 : 0, py: 1 }}>
      {text}
    </Typography>
  );
}
