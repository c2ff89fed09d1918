import { ApiProperty } from '@nestjs/swagger';

/** The client whose portal it is: its name and its logo (the default player branding logo). */
export class PortalClientResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  logoUrl!: string | null;
}

/** One of the client's properties, with the links the provider shares of it. */
export class PortalPropertyResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  address!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "the tour's share link while the tour is shared (null: not shared)",
  })
  tourUrl!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "the single-property website's link while it is published (null: not published)",
  })
  websiteUrl!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}
