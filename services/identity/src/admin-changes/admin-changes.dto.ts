import { ApiProperty } from '@nestjs/swagger';
import { ADMIN_CHANGE_ACTIONS, type AdminChangeAction } from '@tourly/contracts';

/** The fields a change touched (the record's own words), or null: there was none before / there is none after. */
export const CHANGED_FIELDS = {
  type: 'object',
  additionalProperties: true,
  nullable: true,
} as const;

/** The administrator who made a change. */
export class AdminRef {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'first and last name' })
  name!: string;

  @ApiProperty()
  email!: string;
}

/** One change an administrator made to the provider's records. */
export class AdminChangeResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: ADMIN_CHANGE_ACTIONS })
  action!: AdminChangeAction;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'record.* actions (made while impersonating the provider): the table of the record, e.g. billing_accounts',
  })
  record!: string | null;

  @ApiProperty({ type: () => AdminRef })
  admin!: AdminRef;

  @ApiProperty({ ...CHANGED_FIELDS, description: 'the fields the change touched, as they were' })
  before!: Record<string, unknown> | null;

  @ApiProperty({ ...CHANGED_FIELDS, description: 'the fields the change touched, as they are now' })
  after!: Record<string, unknown> | null;

  @ApiProperty({ format: 'date-time' })
  changedAt!: string;
}
