import type {
  MatterportSpeed,
  OrderDrawer,
  OrderKind,
  OrderStatus,
  RetouchDelivery,
  RetouchOption,
  WorkshopTask,
} from '@tourly/contracts';
import { api } from '../../../api/client';
import type { Answer } from '../../../api/types';
import { uploadWithProgress, type UploadProgress } from '../../../api/upload';

/** One order of a list (GET /provider/floorplan_orders): its kind, status, property and times. */
export type Order = Answer<'/provider/floorplan_orders', 'get'>['items'][number];
/** GET /provider/floorplan_orders/{id}: the order with its steps, files (links valid an hour) and amendments. */
export type OrderDetail = Answer<'/provider/floorplan_orders/{id}', 'get'>;
export type OrderFile = OrderDetail['files'][number];
/** What the parties of an order say on it (GET /opw_resources/{id}/comments), oldest first. */
export type OrderComment = Answer<'/opw_resources/{id}/comments', 'get'>[number];

export interface OrdersQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: OrderStatus;
  propertyId?: string;
}

export interface NewOrder {
  kind: OrderKind;
  /** One of our drafters (unset), or Matterport itself (the kinds it sells). */
  drawnBy?: OrderDrawer;
  /** How fast Matterport draws it: only for Matterport's orders. */
  matterportSpeed?: MatterportSpeed;
  instructions: string;
  /** Retouching only: the photos, what to do to each, where the retouched ones go. */
  photoIds?: string[];
  retouchOptions?: RetouchOption[];
  retouchDelivery?: RetouchDelivery;
  /** The workshop assistant only: the tour's layers to work on (the brief is the instructions). */
  workshopTasks?: WorkshopTask[];
  /** One per order the person means to place: a retry or a second click sends it again, and places nothing more. */
  idempotencyKey: string;
}

export interface Amendment {
  notes: string;
  /** Files uploaded to the order first (POST /opw_resources/{id}/files). */
  fileIds: string[];
}

export interface NewComment {
  body: string;
  /** Files uploaded to the order first (POST /opw_resources/{id}/files). */
  attachmentIds: string[];
}

/** The provider's orders, newest first: by status (one), property, or a search (order number, property). */
export const fetchOrders = (
  { page, pageSize, search, status, propertyId }: OrdersQuery,
  signal?: AbortSignal,
) =>
  api.page(
    '/provider/floorplan_orders',
    { page, pageSize, search: search || undefined, status, propertyId },
    { signal },
  );

export const fetchOrder = (id: string, signal?: AbortSignal) =>
  api.get('/provider/floorplan_orders/{id}', { params: { id }, signal });

/**
 * Places an order for the property (its credits held until delivery). 422 'Provider does not have enough
 * credits' when short; 422 in the server's words for a property without a Matterport space or a protected one.
 */
export const placeOrder = (propertyId: string, { instructions, idempotencyKey, ...order }: NewOrder) =>
  api.post(
    '/provider/properties/{id}/floorplan_orders',
    { floorplanOrder: { ...order, instructions: instructions.trim() || undefined } },
    { params: { id: propertyId }, idempotencyKey },
  );

/** Only while nobody has started it (409 after): its credits come back. */
export const cancelOrder = (id: string, cancellationReason: string) =>
  api.post('/provider/floorplan_orders/{id}/cancel', { cancellationReason }, { params: { id } });

/** A delivered order's amendment (no credits): answers the new order. */
export const amendOrder = (id: string, { notes, fileIds }: Amendment) =>
  api.post(
    '/provider/floorplan_orders/{id}/amend',
    {
      amendmentForm: {
        notes,
        // The spec's indexed map: {"0": {"id": ...}, "1": ...}.
        supportingFiles: Object.fromEntries(fileIds.map((fileId, index) => [String(index), { id: fileId }])),
      },
    },
    { params: { id } },
  );

export const fetchComments = (id: string, signal?: AbortSignal) =>
  api.get('/opw_resources/{id}/comments', { params: { id }, signal });

export const addComment = (id: string, { body, attachmentIds }: NewComment) =>
  api.post(
    '/opw_resources/{id}/comments',
    { comment: { body, attachments: attachmentIds.map((fileId) => ({ id: fileId })) } },
    { params: { id } },
  );

export const deleteComment = (id: string, commentId: string) =>
  api.delete('/opw_resources/{id}/comments/{commentId}', { params: { id, commentId } });

/**
 * A file for a comment or an amendment, uploaded to the order first (multipart `file`: an image or a PDF, at most
 * 100MB, refused here before sending when larger), with its progress.
 */
export function uploadOrderFile(id: string, file: File, onProgress: UploadProgress, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<OrderFile>(
    `/opw_resources/${encodeURIComponent(id)}/files`,
    form,
    onProgress,
    signal,
  );
}
