import { Fragment, type ReactNode } from 'react';
import { Box, Divider, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ListNoResults, RecordContextProvider, useListContext, type RaRecord } from 'react-admin';

/**
 * A phone's width (below MUI's `sm`, 600 px): a table's last columns, where its rows' actions are, would sit past the
 * right edge, to be scrolled to sideways. Lists with row actions show each row as a block there instead.
 */
export function useIsPhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}

/**
 * One of the table's columns, as a line of a row's block: its label and the record's value. A value of null or ''
 * leaves the line out (a table's empty cell).
 */
export interface BlockDetail<R extends RaRecord> {
  label: string;
  value: (record: R) => ReactNode;
}

interface RowBlocksProps<R extends RaRecord> {
  /** What the list is, as its table would say it ("Vouchers"): the list's accessible name. */
  label: string;
  /** The block's heading: what the row is (its name, its code). */
  title: (record: R) => ReactNode;
  /** The table's other columns, one line each under the heading. */
  details?: BlockDetail<R>[];
  /** The row's actions (components that read the record from its context), under the details, always in view. */
  actions?: ReactNode;
  /** What an empty list says; react-admin's "No results found." by default, as the table's. */
  empty?: ReactNode;
}

/**
 * The current page of a react-admin list as blocks one under the other, for a phone: each row's heading, its other
 * columns as label and value, then its actions, wrapping within the width. Nothing reaches past the right edge, so
 * every action is in reach without scrolling sideways. Wider screens keep the table (see `useIsPhone`).
 */
export function RowBlocks<R extends RaRecord>({
  label,
  title,
  details = [],
  actions,
  empty,
}: RowBlocksProps<R>) {
  const { data, isPending } = useListContext<R>();
  if (isPending) return null;
  if (!data?.length) return <>{empty ?? <ListNoResults />}</>;
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {data.map((record, index) => {
        const lines = details
          .map((detail) => ({ label: detail.label, value: detail.value(record) }))
          .filter((line) => line.value !== null && line.value !== undefined && line.value !== '');
        return (
          <RecordContextProvider key={record.id} value={record}>
            {index > 0 && <Divider component="li" aria-hidden />}
            <Box component="li" sx={{ p: 2, display: 'grid', gap: 1, minWidth: 0 }}>
              <Typography
                component="h3"
                variant="subtitle1"
                sx={{ fontWeight: 600, m: 0, overflowWrap: 'anywhere' }}
              >
                {title(record)}
              </Typography>
              {lines.length > 0 && (
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'auto minmax(0, 1fr)',
                    columnGap: 2,
                    rowGap: 0.5,
                  }}
                >
                  {lines.map((line) => (
                    <Fragment key={line.label}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {line.label}
                      </Typography>
                      <Typography
                        component="dd"
                        variant="body2"
                        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
                      >
                        {line.value}
                      </Typography>
                    </Fragment>
                  ))}
                </Box>
              )}
              {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
            </Box>
          </RecordContextProvider>
        );
      })}
    </Box>
  );
}
