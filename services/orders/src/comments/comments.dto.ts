import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import {
  IdField,
  IdParam,
  ListField,
  Nested,
  OneOfField,
  RequiredString,
  TextField,
  TimeField,
} from '@tourly/platform';
import { FileResponse } from '../orders/orders.dto';
import { AUTHOR_ROLES, COMMENT_NOT_FOUND, type AuthorRole } from './comments.rules';

export const commentId = () => IdParam(COMMENT_NOT_FOUND);

export class AttachmentRef {
  @IdField({ description: 'a file uploaded to the order (POST /opw_resources/{id}/files)' })
  @IsUUID('all', { message: 'is not a file id' })
  id!: string;
}

export class CommentFields {
  @RequiredString(5000)
  body!: string;

  @ApiProperty({ type: [AttachmentRef], required: false })
  @IsOptional()
  @IsArray({ message: 'must list attachments' })
  @ArrayMaxSize(10, { message: 'must list at most 10' })
  // Each an object: a list inside the list would pass the nested check and reach the service as a list.
  @IsObject({ each: true, message: 'must list objects' })
  @ValidateNested({ each: true })
  @Type(() => AttachmentRef)
  attachments?: AttachmentRef[];
}

/** `comment`: its text and the attachments (files uploaded to the order beforehand). */
export class AddComment {
  @Nested(() => CommentFields)
  comment!: CommentFields;
}

export class AttachmentResponse {
  @IdField()
  id!: string;
  @ApiProperty({ type: FileResponse })
  file!: FileResponse;
}

export class CommentResponse {
  @IdField()
  id!: string;
  @ApiProperty()
  body!: string;
  @IdField()
  authorId!: string;
  @TextField({ nullable: true, description: 'null when identity could not name the author' })
  authorName!: string | null;
  @OneOfField(AUTHOR_ROLES)
  authorRole!: AuthorRole;
  @TimeField()
  createdAt!: Date;
  @ListField(AttachmentResponse)
  attachments!: AttachmentResponse[];
}
