import { ApiProperty } from '@nestjs/swagger';

// What the tour's base.json and the property's website.json both show visitors. Apart from player.dto, which the
// website's DTOs cannot import (the tour view's DTOs import the website's property).

export class PlayerAgentResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  fullName!: string;

  @ApiProperty({ type: String, nullable: true })
  phoneNumber!: string | null;

  @ApiProperty({ type: String, nullable: true })
  avatarUrl!: string | null;
}

export class PlayerMapResponse {
  @ApiProperty({ example: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' })
  tilesUrl!: string;

  @ApiProperty()
  attribution!: string;

  @ApiProperty({ example: 18 })
  zoom!: number;
}
