import { ApiProperty } from '@nestjs/swagger';

/**
 * A provider's booking as the back office lists it. Bookings are not built yet (none is stored): the shape holds
 * what every booking will have, and grows with the bookings issue.
 */
export class AdminBookingResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}
