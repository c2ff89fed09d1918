import { ApiProperty } from '@nestjs/swagger';

/** The key in force, by its hint (the key itself is shown once, when generated). */
export class ApiKeySummary {
  @ApiProperty({ example: 'tou_…abcd' })
  hint!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastUsedAt!: string | null;
}

/** A new key, shown this once. */
export class NewApiKeyResponse {
  @ApiProperty({ description: 'send it as X-Api-Key; it is never shown again' })
  apiKey!: string;

  @ApiProperty({ example: 'tou_…abcd' })
  hint!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}
