import type { BookingStatus } from '@tourly/contracts';

export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

const BADGES: Record<BookingStatus, string> = {
  pending: 'badge-progress',
  accepted: 'badge-success',
  declined: 'badge-danger',
  cancelled: 'badge-danger',
  completed: 'badge-neutral',
};

/** A booking's status in words, coloured: waiting for an answer, going ahead, closed. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`badge ${BADGES[status]}`}>{STATUS_LABELS[status]}</span>;
}
