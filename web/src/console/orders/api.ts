import { api, fillPath } from '../../api/client';
import { uploadWithProgress, type UploadProgress } from '../../api/upload';
import { withHttpErrors } from '../httpErrors';
import {
  supportingFilesMap,
  type FloorplanTemplate,
  type OrderComment,
  type OrderDetail,
  type OrderFile,
  type OrderValidation,
  type Supplier,
} from './orders';

/** Where a supplier's upload goes: a deliverable, a working file, or the property's data. */
export type SupplierUpload = 'delivered' | 'working' | 'property_data';

const UPLOAD_SEGMENTS: Record<SupplierUpload, string> = {
  delivered: 'upload',
  working: 'files',
  property_data: 'upload_property_data',
};

/**
 * The business verbs of floor-plan orders, beside react-admin's reads (the data provider's `getList` and `getOne`
 * read the queues and an order). Each rejects with react-admin's HttpError (the server's words; field messages
 * for the form), except uploads, which reject with the client's ApiError, shown under the file they concern.
 */
export interface OrderVerbs {
  /** Whom a virtual assistant assigns orders to (GET /virtual_assistant/external_suppliers.json). */
  externalSuppliers(signal?: AbortSignal): Promise<Supplier[]>;
  /** POST /virtual_assistant/portal_order_requests/{id}/assign; again to reassign. */
  assignOrder(id: string, supplierId: string): Promise<OrderDetail>;
  /** Cancels an open order with the reason the provider reads: the virtual assistant's or the supplier's call. */
  cancelOrder(id: string, cancellationReason: string): Promise<OrderDetail>;
  /** A new order amending a delivered one (POST .../{id}/amend), its files uploaded to the order first. */
  amendOrder(id: string, amendment: { notes: string; supportingFileIds: string[] }): Promise<OrderDetail>;
  /** The supplier's workflow: start (or resume), pause, finalise (POST /external_supplier/floorplan_orders/{id}/...). */
  moveOrder(id: string, move: 'start' | 'pause' | 'finalise'): Promise<OrderDetail>;
  /** What finalising now would refuse, without finalising. */
  validateOrder(id: string): Promise<OrderValidation>;
  /** One file of the supplier's (multipart `floorplan_file[file]`), with its progress. */
  uploadOrderFile(
    id: string,
    target: SupplierUpload,
    file: File,
    onProgress: UploadProgress,
    signal?: AbortSignal,
  ): Promise<OrderFile>;
  deleteOrderFile(id: string, fileId: string): Promise<OrderFile>;
  /** A copy of a working file among the deliverables. */
  copyToDeliverables(id: string, fileId: string): Promise<OrderFile>;
  /** The provider's configuration the supplier draws in. */
  floorplanTemplate(id: string, signal?: AbortSignal): Promise<FloorplanTemplate>;
  /** GET /opw_resources/{id}/comments, oldest first. */
  orderComments(id: string, signal?: AbortSignal): Promise<OrderComment[]>;
  addComment(id: string, comment: { body: string; attachmentIds: string[] }): Promise<OrderComment>;
  deleteComment(id: string, commentId: string): Promise<OrderComment>;
  /** A file for a comment or an amendment (POST /opw_resources/{id}/files, multipart `file`), with its progress. */
  uploadAttachment(
    id: string,
    file: File,
    onProgress: UploadProgress,
    signal?: AbortSignal,
  ): Promise<OrderFile>;
}

/** The verbs of one console area (`/virtual_assistant`, `/external_supplier`): cancelling is each area's own call. */
export function orderVerbs(apiUrl: string): OrderVerbs {
  const byAssistant = apiUrl === '/virtual_assistant';
  const multipart = (field: string, file: File) => {
    const form = new FormData();
    form.append(field, file);
    return form;
  };

  return {
    externalSuppliers: (signal) =>
      withHttpErrors(api.get('/virtual_assistant/external_suppliers.json', { signal })),
    assignOrder: (id, supplierId) =>
      withHttpErrors(
        api.post('/virtual_assistant/portal_order_requests/{id}/assign', { supplierId }, { params: { id } }),
      ),
    cancelOrder: (id, cancellationReason) =>
      withHttpErrors(
        byAssistant
          ? api.post(
              '/virtual_assistant/portal_order_requests/{id}/cancel',
              { cancellationReason },
              { params: { id } },
            )
          : api.post(
              '/external_supplier/floorplan_orders/{id}/cancel',
              { cancellationReason },
              { params: { id } },
            ),
      ),
    amendOrder: (id, { notes, supportingFileIds }) =>
      withHttpErrors(
        api.post(
          '/virtual_assistant/portal_order_requests/{id}/amend',
          { amendmentForm: { notes, supportingFiles: supportingFilesMap(supportingFileIds) } },
          { params: { id } },
        ),
      ),
    moveOrder: (id, move) => {
      const options = { params: { id } };
      switch (move) {
        case 'start':
          return withHttpErrors(
            api.post('/external_supplier/floorplan_orders/{id}/start', undefined, options),
          );
        case 'pause':
          return withHttpErrors(
            api.post('/external_supplier/floorplan_orders/{id}/pause', undefined, options),
          );
        case 'finalise':
          return withHttpErrors(
            api.post('/external_supplier/floorplan_orders/{id}/finalise', undefined, options),
          );
      }
    },
    validateOrder: (id) =>
      withHttpErrors(
        api.post('/external_supplier/floorplan_orders/{id}/validate', undefined, { params: { id } }),
      ),
    uploadOrderFile: (id, target, file, onProgress, signal) =>
      uploadWithProgress<OrderFile>(
        `${fillPath('/external_supplier/floorplan_orders/{id}', { id })}/${UPLOAD_SEGMENTS[target]}`,
        multipart('floorplan_file[file]', file),
        onProgress,
        signal,
      ),
    deleteOrderFile: (id, fileId) =>
      withHttpErrors(
        api.delete('/external_supplier/floorplan_orders/{id}/files/{fileId}', { params: { id, fileId } }),
      ),
    copyToDeliverables: (id, fileId) =>
      withHttpErrors(
        api.post('/external_supplier/floorplan_orders/{id}/copy_file', { fileId }, { params: { id } }),
      ),
    floorplanTemplate: (id, signal) =>
      withHttpErrors(
        api.get('/external_supplier/floorplan_orders/{id}/floorplan_template', { params: { id }, signal }),
      ),
    orderComments: (id, signal) =>
      withHttpErrors(api.get('/opw_resources/{id}/comments', { params: { id }, signal })),
    addComment: (id, { body, attachmentIds }) =>
      withHttpErrors(
        api.post(
          '/opw_resources/{id}/comments',
          { comment: { body, attachments: attachmentIds.map((fileId) => ({ id: fileId })) } },
          { params: { id } },
        ),
      ),
    deleteComment: (id, commentId) =>
      withHttpErrors(api.delete('/opw_resources/{id}/comments/{commentId}', { params: { id, commentId } })),
    uploadAttachment: (id, file, onProgress, signal) =>
      uploadWithProgress<OrderFile>(
        fillPath('/opw_resources/{id}/files', { id }),
        multipart('file', file),
        onProgress,
        signal,
      ),
  };
}
