import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface SectionProps {
  /** The heading's id: the section is a region named by it. */
  id: string;
  title: string;
  children: ReactNode;
}

/** A card of a console page with its heading (h2), a region named by it. */
export function Section({ id, title, children }: SectionProps) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
