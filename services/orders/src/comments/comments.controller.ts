import { Body, Controller, Delete, Get, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Caller, MultipartFile, Responds } from '@tourly/platform';
import { FileResponse, orderId } from '../orders/orders.dto';
import { AddComment, commentId, CommentResponse } from './comments.dto';
import { CommentsService } from './comments.service';

/**
 * An order's comments (002 §7 "Comments", `opw_resources/{id}` is the order), for every party that sees the order;
 * anyone else gets the order's 404.
 */
@Controller('opw_resources/:id')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  /** Oldest first, with their authors' names and attachments (links valid an hour). */
  @Get('comments')
  @Responds([CommentResponse])
  list(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<CommentResponse[]> {
    return this.comments.list(caller, id);
  }

  @Post('comments')
  @Responds(CommentResponse)
  add(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Body() body: AddComment,
  ): Promise<CommentResponse> {
    return this.comments.add(caller, id, body.comment);
  }

  @Delete('comments/:commentId')
  @Responds(CommentResponse)
  remove(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Param('commentId', commentId()) comment: string,
  ): Promise<CommentResponse> {
    return this.comments.remove(caller, id, comment);
  }

  /** An attachment, before the comment that lists it: one image or PDF (multipart `file`). */
  @Post('files')
  @MultipartFile('file', 'One image (JPEG, PNG, WebP, GIF) or PDF, at most 100MB.')
  @Responds(FileResponse)
  upload(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Req() request: FastifyRequest,
  ): Promise<FileResponse> {
    return this.comments.upload(caller, id, request.raw);
  }
}
