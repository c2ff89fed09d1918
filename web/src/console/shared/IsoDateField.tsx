import { useRecordContext } from 'react-admin';
import { formatDate, formatDateTime } from '../../shared/format';

interface IsoDateFieldProps {
  source: string;
  showTime?: boolean;
  emptyText?: string;
}

/** A date as the spec writes them, YYYY-MM-DD (and HH:MM with `showTime`), in the viewer's time zone. */
export function IsoDateField({ source, showTime = false, emptyText = '' }: IsoDateFieldProps) {
  const record = useRecordContext();
  const value: unknown = record?.[source];
  if (typeof value !== 'string' || value === '') return <span>{emptyText}</span>;
  return <span>{showTime ? formatDateTime(value) : formatDate(value)}</span>;
}
