import { Body, Controller, Delete, Get, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Caller, MultipartFile, Responds, Staff, TakesNoBody, type Page } from '@tourly/platform';
import {
  CancelOrder,
  CopyFile,
  fileId,
  FileResponse,
  orderId,
  OrderDetailResponse,
  OrderResponse,
  OrdersQuery,
  ValidationResponse,
} from './orders.dto';
import { OrdersService } from './orders.service';

const FILE = 'floorplan_file[file]';
const FILE_HELP = 'One image (JPEG, PNG, WebP, GIF) or PDF, at most 100MB.';

/**
 * The external supplier's workflow (002 §7 "External supplier"): the orders assigned to it, started, paused,
 * cancelled and finalised; working files, property data and the deliverables. Another supplier's order is a 404.
 */
@Controller('external_supplier/floorplan_orders')
@Staff('external_supplier', 'platform_admin')
export class SupplierOrdersController {
  constructor(private readonly orders: OrdersService) {}

  /** The orders assigned to the supplier (every assigned order, for a platform admin). */
  @Get()
  @Responds({ page: OrderResponse })
  list(@Caller() caller: Caller, @Query() query: OrdersQuery): Promise<Page<OrderResponse>> {
    return this.orders.assigned(caller, query);
  }

  @Get(':id')
  @Responds(OrderDetailResponse)
  get(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<OrderDetailResponse> {
    return this.orders.detail(caller, id);
  }

  /** Starts a placed order, or resumes a paused one. */
  @Post(':id/start')
  @TakesNoBody()
  @Responds(OrderDetailResponse)
  start(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<OrderDetailResponse> {
    return this.orders.start(caller, id);
  }

  @Post(':id/pause')
  @TakesNoBody()
  @Responds(OrderDetailResponse)
  pause(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<OrderDetailResponse> {
    return this.orders.pause(caller, id);
  }

  /** Delivers the uploaded plans (422 when none is uploaded). */
  @Post(':id/finalise')
  @TakesNoBody()
  @Responds(OrderDetailResponse)
  finalise(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<OrderDetailResponse> {
    return this.orders.finalise(caller, id);
  }

  @Post(':id/cancel')
  @Responds(OrderDetailResponse)
  cancel(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Body() body: CancelOrder,
  ): Promise<OrderDetailResponse> {
    return this.orders.cancel(caller, id, body.cancellationReason);
  }

  /** What finalising now would refuse, without finalising. */
  @Post(':id/validate')
  @TakesNoBody()
  @Responds(ValidationResponse)
  validate(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<ValidationResponse> {
    return this.orders.validate(caller, id);
  }

  /** A working file (drafts, references), kept with the order, not delivered. */
  @Post(':id/files')
  @MultipartFile(FILE, FILE_HELP)
  @Responds(FileResponse)
  addFile(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Req() request: FastifyRequest,
  ): Promise<FileResponse> {
    return this.orders.upload(caller, id, request.raw, 'working');
  }

  @Delete(':id/files/:fileId')
  @Responds(FileResponse)
  removeFile(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Param('fileId', fileId()) file: string,
  ): Promise<FileResponse> {
    return this.orders.removeFile(caller, id, file);
  }

  /** A deliverable: the plan the provider receives when the order is finalised. */
  @Post(':id/upload')
  @MultipartFile(FILE, FILE_HELP)
  @Responds(FileResponse)
  upload(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Req() request: FastifyRequest,
  ): Promise<FileResponse> {
    return this.orders.upload(caller, id, request.raw, 'delivered');
  }

  /** The property's data (measurements, sketches) the plan is drawn from. */
  @Post(':id/upload_property_data')
  @MultipartFile(FILE, FILE_HELP)
  @Responds(FileResponse)
  uploadPropertyData(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Req() request: FastifyRequest,
  ): Promise<FileResponse> {
    return this.orders.upload(caller, id, request.raw, 'property_data');
  }

  /** A copy of one of the order's files among the deliverables. */
  @Post(':id/copy_file')
  @Responds(FileResponse)
  copyFile(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Body() body: CopyFile,
  ): Promise<FileResponse> {
    return this.orders.copyToDelivered(caller, id, body.fileId);
  }
}
