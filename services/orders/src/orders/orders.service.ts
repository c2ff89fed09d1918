import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CREDITS_RELEASE,
  CREDITS_RESERVE,
  isFloorplanKind,
  orderCredits,
  PROPERTY_FOR_ORDER,
  STAFF_MEMBERS,
  TOUR_DRAFT_FOR_ORDER,
  type CreditReservation,
  type CreditsReserveRequest,
  type CreditsSettleRequest,
  type MatterportSpeed,
  type OrderDrawer,
  type OrderFileRole,
  type OrderKind,
  type OrderStatus,
  type PhotoForOrder,
  type PropertyForOrder,
  type PropertyForOrderRequest,
  type RetouchDelivery,
  type RetouchOption,
  type StaffMembers,
  type TourDraftForOrder,
  type TourDraftForOrderRequest,
  type WorkshopTask,
} from '@tourly/contracts';
import {
  ApiError,
  Database,
  EventBus,
  keysetBatches,
  receiveFile,
  RpcClient,
  uuidv7,
  type CallerIdentity,
  type EntityManager,
  type Page,
  type PageQuery,
  periodOf,
} from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import type {
  AmendmentFields,
  FileResponse,
  OrderDetailResponse,
  OrderResponse,
  OrdersQuery,
  PeriodQuery,
  SupplierResponse,
  ValidationResponse,
} from './orders.dto';
import { FloorplanVariantsRepository } from './floorplan-variants.repository';
import { MatterportPlans } from './matterport-plans';
import { OrderFilesRepository, type OrderFileRow } from './order-files.repository';
import { PlacingKeysRepository } from './placing-keys.repository';
import { OrdersRepository, type OrderFilter, type OrderRow } from './orders.repository';
import {
  AT_MATTERPORT,
  BAD_IDEMPOTENCY_KEY,
  draftProblem,
  drawerOf,
  drawerProblem,
  IDEMPOTENCY_KEY,
  KEY_REUSED,
  LEADS_TO,
  matchRetouched,
  maySee,
  NO_SPACE,
  NO_TOUR,
  NOT_A_SUPPLIER,
  NOT_THE_PROPERTYS_PHOTOS,
  nothingDelivered,
  ORDER_NOT_FOUND,
  ORIGINAL_STAYS,
  originalNames,
  PASSWORD_PROTECTED,
  placingHash,
  promisedAt,
  QUEUES,
  retouchWork,
  SPEED_IS_MATTERPORTS,
  STAFF_WORK,
  STEP_OF,
  SUPPLIERS_WORK,
  supportingFileIds,
  transitionRefusal,
  variantName,
  workedByStaff,
  workshopWork,
  type OrderAction,
  type QueueName,
} from './orders.rules';

/** A placing's answer: the order, and whether it was placed by an earlier request with the same key. */
export interface Placed {
  order: OrderDetailResponse;
  replayed: boolean;
}

/** The credits of an order are held under this reference until it is delivered (captured) or cancelled (released). */
export const creditsReference = (orderId: string) => `order:${orderId}`;

/**
 * How long billing keeps an order's credits held: past any turnaround and pause. A hold left by a placing that
 * never committed (the process died in between) is released by billing's sweep after this long.
 */
export const ORDER_HOLD_SECONDS = 30 * 24 * 3600;

/** A retouching order's copy of one of its photos, before its `order_files` row is written. */
interface OriginalPhoto {
  id: string;
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
  photoId: string;
}

/** The moves of the machine that change an order's status. */
export type MachineAction = Extract<OrderAction, 'start' | 'pause' | 'finalise' | 'cancel'>;

/** The note of the step an order Matterport draws starts with. */
export const AT_MATTERPORT_STEP = 'Ordered from Matterport: Matterport is drawing it.';

/** What each file role accepts: plans and documents are images or PDFs. */
const FILE_FIELD = 'floorplan_file[file]';

/**
 * Floor-plan orders from placing to delivery. Every change of status goes through `move`: the order's row is locked,
 * the machine (orders.rules) asked, the status, its step and its events written in one transaction; two people acting
 * at once queue on the lock and the second gets the 409 of the status the first left.
 * Credits: held through billing before an order exists (refused: nothing is placed); captured on delivery and
 * released on cancellation by orders' own listener of its events, so a crash in between delays them, never loses them.
 */
@Injectable()
export class OrdersService {
  private readonly logger = new Logger(OrdersService.name);

  constructor(
    private readonly db: Database,
    private readonly orders: OrdersRepository,
    private readonly files: OrderFilesRepository,
    private readonly variants: FloorplanVariantsRepository,
    private readonly keys: PlacingKeysRepository,
    private readonly rpc: RpcClient,
    private readonly storage: Storage,
    private readonly matterportPlans: MatterportPlans,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /**
   * Places an order for one of the provider's properties. Refused before any credit is held for a property that is
   * not the provider's (404); a floor plan for one without a Matterport space or with a password-protected one (422),
   * retouching for photos that are not the property's (422); then refused with 'Provider does not have enough
   * credits' when the balance is short. An order Matterport draws is bought from Matterport once the credits are
   * held (its refusal releases them, and nothing is placed), priced and promised by the speed asked, and is in
   * progress from the start: Matterport is drawing it. A retouching order is priced per photo, and its photos are
   * copied among its files (`supporting`, each naming its photo): the retoucher's originals.
   */
  async place(
    caller: CallerIdentity,
    providerId: string,
    propertyId: string | undefined,
    fields: {
      kind: OrderKind;
      drawnBy?: OrderDrawer;
      matterportSpeed?: MatterportSpeed;
      instructions?: string;
      photoIds?: string[];
      retouchOptions?: RetouchOption[];
      retouchDelivery?: RetouchDelivery;
      workshopTasks?: WorkshopTask[];
    },
    idempotencyKey?: string,
  ): Promise<Placed> {
    if (!propertyId) throw ApiError.invalid('floorplanOrder.propertyId', 'Required');
    const drawnBy = fields.drawnBy ?? drawerOf(fields.kind);
    const drawer = drawerProblem(drawnBy, fields.kind);
    if (drawer) throw ApiError.invalid('floorplanOrder.drawnBy', drawer);
    if (drawnBy !== 'matterport' && fields.matterportSpeed)
      throw ApiError.invalid('floorplanOrder.matterportSpeed', SPEED_IS_MATTERPORTS);
    const retouch = retouchWork(fields);
    if (retouch && 'field' in retouch)
      throw ApiError.invalid(`floorplanOrder.${retouch.field}`, retouch.message);
    const workshop = workshopWork(fields);
    if (workshop && 'field' in workshop)
      throw ApiError.invalid(`floorplanOrder.${workshop.field}`, workshop.message);
    const speed = drawnBy === 'matterport' ? (fields.matterportSpeed ?? 'normal') : null;
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
      throw ApiError.base(422, BAD_IDEMPOTENCY_KEY);
    const key = idempotencyKey && {
      key: idempotencyKey,
      requestHash: placingHash(propertyId, fields, retouch, workshop),
    };
    const earlier = key && (await this.replay(caller, providerId, key));
    if (earlier) return earlier;
    const property = await this.rpc.ask<PropertyForOrder>(PROPERTY_FOR_ORDER, {
      providerId,
      propertyId,
      ...(retouch ? { photoIds: retouch.photoIds } : {}),
    } satisfies PropertyForOrderRequest);
    if (retouch) {
      if (property.photos?.length !== retouch.photoIds.length)
        throw ApiError.invalid('floorplanOrder.photoIds', NOT_THE_PROPERTYS_PHOTOS);
    } else if (workshop) {
      if (!property.matterportModelId) throw ApiError.base(422, NO_TOUR);
    } else {
      if (!property.matterportModelId) throw ApiError.base(422, NO_SPACE);
      if (property.passwordProtected) throw ApiError.base(422, PASSWORD_PROTECTED);
    }
    const id = uuidv7();
    const credits = orderCredits(
      fields.kind,
      speed,
      retouch && { photos: retouch.photoIds.length, options: retouch.options },
      workshop ?? [],
    );
    const reference = creditsReference(id);
    await this.rpc.ask<CreditReservation>(CREDITS_RESERVE, {
      providerId,
      amount: credits,
      reference,
      holdSeconds: ORDER_HOLD_SECONDS,
    } satisfies CreditsReserveRequest);
    let keyTaken = false;
    const originals: OriginalPhoto[] = [];
    try {
      if (speed) await this.matterportPlans.order(providerId, property.matterportModelId!, speed);
      if (retouch) originals.push(...(await this.copyOriginals(providerId, id, property.photos!)));
      await this.db.transaction(async (tx) => {
        await this.orders.insert(tx, {
          id,
          providerId,
          propertyId,
          propertyTitle: property.title,
          propertyAddress: property.address,
          matterportModelId: property.matterportModelId,
          kind: fields.kind,
          drawnBy,
          matterportSpeed: speed,
          retouchOptions: retouch?.options ?? null,
          retouchDelivery: retouch?.delivery ?? null,
          workshopTasks: workshop,
          amendsOrderId: null,
          credits,
          instructions: fields.instructions || null,
          supplierId: null,
          placedBy: caller.userId,
          promisedAt: promisedAt(fields.kind, new Date(), speed),
        });
        await this.addOriginals(tx, id, originals, caller.userId!);
        await this.orders.addStep(tx, id, 'placed', caller.userId, null);
        // After the order (the key names it): a placing with the same key at the same moment waits here on the
        // key's row, and the one that did not claim it rolls its order back.
        if (key && !(await this.keys.claim(tx, { providerId, ...key, orderId: id }))) {
          keyTaken = true;
          throw ApiError.conflict(KEY_REUSED);
        }
        await this.events.publish(
          'orders.order.placed.v1',
          { providerId, orderId: id, kind: fields.kind, drawnBy, propertyId, credits, amendsOrderId: null },
          tx,
        );
        if (drawnBy === 'matterport') {
          await this.orders.move(tx, id, 'in_progress');
          await this.orders.addStep(tx, id, 'in_progress', null, AT_MATTERPORT_STEP);
          await this.events.publish(
            'orders.order.status_changed.v1',
            {
              providerId,
              orderId: id,
              propertyId,
              kind: fields.kind,
              from: 'placed',
              to: 'in_progress',
              actorId: null,
            },
            tx,
          );
        }
      });
    } catch (error) {
      await this.dropCopies(originals);
      await this.rpc
        .ask(CREDITS_RELEASE, { providerId, reference } satisfies CreditsSettleRequest)
        .catch((release: unknown) =>
          this.logger.warn(`credits of order ${id} stay held until they expire: ${String(release)}`),
        );
      // The same key sent twice at once: the other placing won; this one answers what it placed.
      const winner = keyTaken && key && (await this.replay(caller, providerId, key));
      if (winner) return winner;
      throw error;
    }
    return { order: await this.detail(caller, id), replayed: false };
  }

  /**
   * Copies photos (the property's, or another order's originals) to an order's own keys, named so that each
   * retouched photo can be named after its original: the rows to write, once the order is.
   */
  private async copyOriginals(
    providerId: string,
    orderId: string,
    photos: Array<Pick<PhotoForOrder, 'photoId' | 'storageKey' | 'filename' | 'contentType' | 'size'>>,
  ): Promise<OriginalPhoto[]> {
    const names = originalNames(photos.map((photo) => photo.filename));
    const copies: OriginalPhoto[] = [];
    try {
      for (const [index, photo] of photos.entries()) {
        const fileId = uuidv7();
        const storageKey = `orders/${providerId}/${orderId}/${fileId}`;
        await this.storage.copy(photo.storageKey, storageKey);
        copies.push({
          id: fileId,
          storageKey,
          filename: names[index]!,
          contentType: photo.contentType,
          size: photo.size,
          photoId: photo.photoId,
        });
      }
    } catch (error) {
      await this.dropCopies(copies);
      throw error;
    }
    return copies;
  }

  /**
   * The order an earlier placing with this key placed (in the last day), or undefined; the key sent with another
   * request is refused (422).
   */
  private async replay(
    caller: CallerIdentity,
    providerId: string,
    key: { key: string; requestHash: string },
  ): Promise<Placed | undefined> {
    const earlier = await this.keys.find(providerId, key.key);
    if (!earlier) return undefined;
    if (earlier.requestHash !== key.requestHash) throw ApiError.base(422, KEY_REUSED);
    return { order: await this.detail(caller, earlier.orderId), replayed: true };
  }

  /** The order with its steps, files and amendments, if the caller may see it (404 otherwise). */
  async detail(caller: CallerIdentity, id: string): Promise<OrderDetailResponse> {
    const order = await this.visible(caller, id);
    const [steps, files, amendments] = await Promise.all([
      this.orders.steps(id),
      this.files.list(id),
      this.orders.amendments(id),
    ]);
    return {
      ...orderOf(order),
      steps: steps.map(({ step, at, note }) => ({ step, at, note })),
      files: await Promise.all(files.map((file) => this.fileOf(file))),
      amendments: amendments.map(orderOf),
    };
  }

  /** The order if the caller may see it; 404 in the same words whether it does not exist or is someone else's. */
  async visible(caller: CallerIdentity, id: string, tx?: EntityManager): Promise<OrderRow> {
    const order = tx ? await this.orders.lock(tx, id) : await this.orders.find(id);
    if (!order || !maySee(caller, order)) throw ApiError.notFound(ORDER_NOT_FOUND);
    return order;
  }

  start(caller: CallerIdentity, id: string): Promise<OrderDetailResponse> {
    return this.move(caller, id, 'start');
  }

  pause(caller: CallerIdentity, id: string): Promise<OrderDetailResponse> {
    return this.move(caller, id, 'pause');
  }

  /** Delivers the order: it needs at least one delivered file; each becomes a floor-plan variant of the provider. */
  finalise(caller: CallerIdentity, id: string): Promise<OrderDetailResponse> {
    return this.move(caller, id, 'finalise');
  }

  cancel(caller: CallerIdentity, id: string, reason: string): Promise<OrderDetailResponse> {
    return this.move(caller, id, 'cancel', reason);
  }

  /**
   * The platform's staff start, pause or deliver an order they work themselves (the workshop assistant); any other
   * kind is its supplier's to move (409).
   */
  staffMove(
    caller: CallerIdentity,
    id: string,
    action: Exclude<MachineAction, 'cancel'>,
  ): Promise<OrderDetailResponse> {
    return this.move(caller, id, action, null, (order) => {
      if (!workedByStaff(order.kind)) throw ApiError.conflict(SUPPLIERS_WORK);
    });
  }

  /**
   * The provider cancels its own order while nobody has started it; once work started, cancelling is the
   * virtual assistant's decision (the provider asks in the order's comments).
   */
  async cancelOwn(caller: CallerIdentity, id: string, reason: string): Promise<OrderDetailResponse> {
    const order = await this.visible(caller, id);
    if (order.status === 'in_progress' || order.status === 'paused')
      throw ApiError.conflict(
        'Work on this order has started: ask the team to cancel it in its comments, with the reason.',
      );
    return this.move(caller, id, 'cancel', reason);
  }

  /** Assigns (or reassigns) an open order to one of the external suppliers. */
  async assign(caller: CallerIdentity, id: string, supplierId: string): Promise<OrderDetailResponse> {
    const suppliers = await this.suppliers();
    if (!suppliers.some((supplier) => supplier.userId === supplierId))
      throw ApiError.invalid('supplierId', NOT_A_SUPPLIER);
    await this.db.transaction(async (tx) => {
      const order = await this.visible(caller, id, tx);
      refuseUnless('assign', order.status);
      if (order.drawnBy === 'matterport') throw ApiError.conflict(AT_MATTERPORT);
      if (workedByStaff(order.kind)) throw ApiError.conflict(STAFF_WORK);
      await this.orders.assign(tx, id, supplierId);
      await this.orders.addStep(tx, id, 'assigned', caller.userId, null);
    });
    return this.detail(caller, id);
  }

  /**
   * An amendment: new work on a delivered order, as an order of its own (same kind, same property, same supplier,
   * no credits), with the notes as its instructions and the listed files (uploaded to the delivered order by the
   * caller) as its supporting files. The delivered order records the step `amendment`.
   */
  async amend(caller: CallerIdentity, id: string, form: AmendmentFields): Promise<OrderDetailResponse> {
    const fileIds = supportingFileIds(form.supportingFiles);
    if (!fileIds)
      throw ApiError.invalid(
        'amendmentForm.supportingFiles',
        'must be an indexed map of uploaded files: {"0": {"id": ...}, "1": ...} (at most 20)',
      );
    const amendmentId = uuidv7();
    const amended = await this.visible(caller, id);
    refuseUnless('amend', amended.status);
    // Retouching is amended from the same originals: the amendment gets its own copies of them.
    const originals =
      amended.kind === 'photo_retouching'
        ? await this.copyOriginals(amended.providerId, amendmentId, await this.originalsOf(id))
        : [];
    try {
      await this.db.transaction(async (tx) => {
        const order = await this.visible(caller, id, tx);
        refuseUnless('amend', order.status);
        await this.orders.insert(tx, {
          id: amendmentId,
          providerId: order.providerId,
          propertyId: order.propertyId,
          propertyTitle: order.propertyTitle,
          propertyAddress: order.propertyAddress,
          matterportModelId: order.matterportModelId,
          kind: order.kind,
          // Whoever works the kind amends it: Matterport's plan a supplier, starting from the plan delivered.
          drawnBy: drawerOf(order.kind),
          matterportSpeed: null,
          retouchOptions: order.retouchOptions,
          retouchDelivery: order.retouchDelivery,
          workshopTasks: order.workshopTasks,
          amendsOrderId: order.id,
          credits: 0,
          instructions: form.notes,
          supplierId: order.supplierId,
          placedBy: caller.userId,
          promisedAt: promisedAt(order.kind, new Date()),
        });
        await this.addOriginals(tx, amendmentId, originals, caller.userId!);
        if (fileIds.length) {
          const moved = await this.files.handOver(
            tx,
            fileIds,
            { orderId: order.id, uploadedBy: caller.userId! },
            { orderId: amendmentId, role: 'supporting', commentId: null },
          );
          if (moved !== fileIds.length)
            throw ApiError.invalid(
              'amendmentForm.supportingFiles',
              'Upload each supporting file to this order first (files already attached elsewhere cannot be reused).',
            );
        }
        await this.orders.addStep(tx, order.id, 'amendment', caller.userId, form.notes);
        await this.orders.addStep(tx, amendmentId, 'placed', caller.userId, null);
        await this.events.publish(
          'orders.order.placed.v1',
          {
            providerId: order.providerId,
            orderId: amendmentId,
            kind: order.kind,
            drawnBy: drawerOf(order.kind),
            propertyId: order.propertyId,
            credits: 0,
            amendsOrderId: order.id,
          },
          tx,
        );
      });
    } catch (error) {
      await this.dropCopies(originals);
      throw error;
    }
    return this.detail(caller, amendmentId);
  }

  /** Writes the rows of a retouching order's originals, copied before: its supporting files, each naming its photo. */
  private async addOriginals(
    tx: EntityManager,
    orderId: string,
    originals: OriginalPhoto[],
    uploadedBy: string,
  ): Promise<void> {
    for (const original of originals)
      await this.files.insert(tx, { ...original, orderId, role: 'supporting', uploadedBy });
  }

  /** Best effort: copies no row will point to (a placing or an amendment that failed). */
  private async dropCopies(copies: OriginalPhoto[]): Promise<void> {
    await this.storage.delete(copies.map((copy) => copy.storageKey)).catch(() => undefined);
  }

  /** A retouching order's originals: its copies of the property's photos, each naming its photo. */
  private async originalsOf(
    orderId: string,
    tx?: EntityManager,
  ): Promise<Array<OrderFileRow & { photoId: string }>> {
    const supporting = await this.files.list(orderId, ['supporting'], tx);
    return supporting.filter((file): file is OrderFileRow & { photoId: string } => file.photoId !== null);
  }

  /** A virtual assistant's queue: its kinds, first orders or amendments; searched and filtered by status. */
  async queue(name: QueueName, query: OrdersQuery): Promise<Page<OrderResponse>> {
    const { kinds, amendments } = QUEUES[name];
    return this.page({ kinds, amendments, statuses: query.status, search: query.search }, query);
  }

  async list(filter: OrderFilter, query: PageQuery): Promise<Page<OrderResponse>> {
    return this.page(filter, query);
  }

  /** The orders assigned to the calling supplier (every assigned order, for a platform admin). */
  assigned(caller: CallerIdentity, query: OrdersQuery): Promise<Page<OrderResponse>> {
    const supplierId = caller.staffRole === 'external_supplier' ? caller.userId! : undefined;
    return this.page({ supplierId, assigned: true, statuses: query.status, search: query.search }, query);
  }

  /** A provider's orders placed in a period (the back office; the billing page with `spentCredits`). */
  inPeriod(
    providerId: string,
    query: PeriodQuery & { withCreditSpend?: boolean },
  ): Promise<Page<OrderResponse>> {
    return this.page(periodFilter(providerId, query), query);
  }

  /** The same orders as CSV rows, read in batches as the download goes. */
  periodExport(
    providerId: string,
    query: PeriodQuery & { withCreditSpend?: boolean },
  ): AsyncIterable<OrderRow> {
    const filter = periodFilter(providerId, query);
    return keysetBatches<OrderRow, number>(
      (after, limit) => this.orders.exportBatch(filter, after, limit),
      (row) => row.number,
    );
  }

  /** The platform's external suppliers, whom a virtual assistant assigns orders to. */
  async suppliers(): Promise<SupplierResponse[]> {
    const { members } = await this.rpc.ask<StaffMembers>(STAFF_MEMBERS, { staffRole: 'external_supplier' });
    return members;
  }

  /**
   * Stores one file (multipart `floorplan_file[file]`, an image or a PDF; a retouched photo an image only) on an open
   * order the caller may see: the supplier's working files, property data and deliverables, and anyone's attachments.
   */
  async upload(
    caller: CallerIdentity,
    id: string,
    raw: IncomingMessage,
    role: OrderFileRole,
    field = FILE_FIELD,
  ): Promise<FileResponse> {
    const order = await this.visible(caller, id);
    if (role !== 'attachment') refuseUnless('change_files', order.status);
    const fileId = uuidv7();
    const storageKey = `orders/${order.providerId}/${order.id}/${fileId}`;
    const received = await receiveFile(raw, {
      field,
      // A retouched photo goes on the property as a photo: an image, never a PDF.
      accept: order.kind === 'photo_retouching' && role === 'delivered' ? ['image'] : ['image', 'pdf'],
      store: (body, sniffed) => this.storage.upload(storageKey, body, sniffed.contentType),
    });
    try {
      await this.db.transaction(async (tx) => {
        const current = await this.visible(caller, id, tx);
        if (role !== 'attachment') refuseUnless('change_files', current.status);
        await this.files.insert(tx, {
          id: fileId,
          orderId: id,
          role,
          storageKey,
          filename: received.filename,
          contentType: received.contentType,
          size: received.size,
          uploadedBy: caller.userId!,
        });
      });
    } catch (error) {
      await this.storage.delete([storageKey]).catch(() => undefined);
      throw error;
    }
    const stored = await this.files.find(id, fileId);
    return this.fileOf(stored!);
  }

  /** Removes a file of an order still in progress; the delivered plan of a delivered order stays. */
  async removeFile(caller: CallerIdentity, id: string, fileId: string): Promise<FileResponse> {
    const removed = await this.db.transaction(async (tx) => {
      const order = await this.visible(caller, id, tx);
      const file = await this.files.find(id, fileId, tx);
      if (!file || file.commentId) throw ApiError.notFound('File not found');
      refuseUnless('change_files', order.status);
      if (file.photoId) throw ApiError.conflict(ORIGINAL_STAYS);
      await this.files.remove(tx, fileId);
      return file;
    });
    const answer = await this.fileOf(removed);
    await this.storage.delete([removed.storageKey]).catch(() => undefined);
    return answer;
  }

  /** A working file becomes a deliverable too: a copy, so the working file can change on. */
  async copyToDelivered(caller: CallerIdentity, id: string, fileId: string): Promise<FileResponse> {
    const order = await this.visible(caller, id);
    const source = await this.files.find(id, fileId);
    if (!source || source.commentId) throw ApiError.notFound('File not found');
    refuseUnless('change_files', order.status);
    const copyId = uuidv7();
    const storageKey = `orders/${order.providerId}/${order.id}/${copyId}`;
    await this.storage.copy(source.storageKey, storageKey);
    await this.db.transaction(async (tx) => {
      const current = await this.visible(caller, id, tx);
      refuseUnless('change_files', current.status);
      await this.files.insert(tx, {
        ...source,
        id: copyId,
        role: 'delivered',
        storageKey,
        uploadedBy: caller.userId!,
      });
    });
    return this.fileOf((await this.files.find(id, copyId))!);
  }

  /** What finalising now would refuse, without finalising. */
  async validate(caller: CallerIdentity, id: string): Promise<ValidationResponse> {
    const order = await this.visible(caller, id);
    const problems: string[] = [];
    const refusal = transitionRefusal('finalise', order.status);
    if (refusal) problems.push(refusal);
    problems.push(...(await this.deliverables(order)).problems);
    return { ready: problems.length === 0, problems };
  }

  /**
   * What finalising would deliver, and what stops it: nothing delivered yet; for retouching, a file named after none
   * of the originals, two for one, or (a first order) a photo left out. A retouched file carries its photo's id.
   * The workshop assistant delivers no file: the tour's draft, saved since the order was placed, is its work.
   */
  private async deliverables(
    order: OrderRow,
    tx?: EntityManager,
  ): Promise<{ files: OrderFileRow[]; problems: string[] }> {
    if (order.kind === 'workshop_assistant') {
      const { draftSavedAt } = await this.rpc.ask<TourDraftForOrder>(TOUR_DRAFT_FOR_ORDER, {
        providerId: order.providerId,
        propertyId: order.propertyId,
      } satisfies TourDraftForOrderRequest);
      const problem = draftProblem(draftSavedAt ? new Date(draftSavedAt) : null, order.placedAt);
      return { files: [], problems: problem ? [problem] : [] };
    }
    const delivered = await this.files.list(order.id, ['delivered'], tx);
    if (delivered.length === 0) return { files: [], problems: [nothingDelivered(order.kind)] };
    if (order.kind !== 'photo_retouching') return { files: delivered, problems: [] };
    const { matched, problems } = matchRetouched(
      await this.originalsOf(order.id, tx),
      delivered,
      order.amendsOrderId === null,
    );
    return { files: matched.map(({ file, photoId }) => ({ ...file, photoId })), problems };
  }

  async fileOf(file: OrderFileRow): Promise<FileResponse> {
    const { storageKey, orderId: _order, commentId: _comment, ...shown } = file;
    return { ...shown, url: await this.storage.readUrl(storageKey, file.filename, file.contentType) };
  }

  private async page(filter: OrderFilter, query: PageQuery): Promise<Page<OrderResponse>> {
    const page = await this.orders.list(filter, query);
    return { ...page, items: page.items.map(orderOf) };
  }

  /** One move of the machine, under the order's lock: status, step and events in one transaction. */
  private async move(
    caller: CallerIdentity,
    id: string,
    action: MachineAction,
    reason: string | null = null,
    refuse: (order: OrderRow) => void = () => undefined,
  ): Promise<OrderDetailResponse> {
    await this.db.transaction(async (tx) => {
      const order = await this.visible(caller, id, tx);
      refuse(order);
      await this.apply(tx, order, action, caller.userId, reason);
    });
    return this.detail(caller, id);
  }

  /**
   * Moves an order locked in `tx` (`actorId` null: the platform itself, for Matterport's orders): the machine asked,
   * then the status, its step and its events written; delivering makes each delivered file a floor-plan variant.
   */
  async apply(
    tx: EntityManager,
    order: OrderRow,
    action: MachineAction,
    actorId: string | null,
    reason: string | null = null,
  ): Promise<void> {
    const id = order.id;
    refuseUnless(action, order.status);
    const to = LEADS_TO[action]!;
    const { files: delivered, problems } =
      action === 'finalise' ? await this.deliverables(order, tx) : { files: [], problems: [] };
    if (problems.length > 0) throw ApiError.base(422, problems.join(' '));
    await this.orders.move(tx, id, to, action === 'cancel' ? reason : null);
    await this.orders.addStep(tx, id, STEP_OF[action], actorId, reason);
    const facts = {
      providerId: order.providerId,
      orderId: id,
      propertyId: order.propertyId,
      kind: order.kind,
    };
    await this.events.publish(
      'orders.order.status_changed.v1',
      { ...facts, from: order.status, to, actorId },
      tx,
    );
    if (action === 'finalise') {
      for (const file of isFloorplanKind(order.kind) ? delivered : [])
        await this.variants.insert(tx, {
          providerId: order.providerId,
          orderId: id,
          fileId: file.id,
          name: variantName(order.propertyTitle, order.kind, file.filename),
        });
      await this.events.publish(
        'orders.order.finalised.v1',
        {
          ...facts,
          credits: order.credits,
          files: onTheProperty(order, delivered).map((file) => ({
            fileId: file.id,
            storageKey: file.storageKey,
            filename: file.filename,
            contentType: file.contentType,
            size: file.size,
            ...(file.photoId ? { photoId: file.photoId } : {}),
          })),
          // A first order is its own line's first: only an amendment looks back.
          firstOrderId: order.amendsOrderId ? await this.orders.firstOf(tx, order.id) : order.id,
          ...(order.retouchDelivery ? { retouchDelivery: order.retouchDelivery } : {}),
        },
        tx,
      );
    }
    if (action === 'cancel')
      await this.events.publish(
        'orders.order.cancelled.v1',
        { ...facts, credits: order.credits, cancellationReason: reason! },
        tx,
      );
  }
}

/**
 * The delivered files that become the property's floor plans (the finalised event's `files`). Matterport delivers
 * one plan in three formats: the property takes its PNG alone, so the website shows the plan once; the provider's
 * variants keep every format. A supplier's files are each a plan of their own.
 */
function onTheProperty(order: OrderRow, delivered: OrderFileRow[]): OrderFileRow[] {
  if (order.drawnBy !== 'matterport') return delivered;
  const png = delivered.filter((file) => file.contentType === 'image/png');
  return png.length > 0 ? png : delivered;
}

function refuseUnless(action: OrderAction, status: OrderStatus): void {
  const refusal = transitionRefusal(action, status);
  if (refusal) throw ApiError.conflict(refusal);
}

function periodFilter(providerId: string, query: PeriodQuery & { withCreditSpend?: boolean }): OrderFilter {
  const { from, before } = periodOf(query.startDate, query.endDate);
  return { providerId, placedFrom: from, placedBefore: before, spentCredits: query.withCreditSpend };
}

export function orderOf(row: OrderRow): OrderResponse {
  const { placedBy: _placedBy, matterportModelId: _model, ...shown } = row;
  return shown;
}
