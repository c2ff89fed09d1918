import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33, the heat map over the floor plan: where the provider placed each room of a tour on one of the property's
 * floor-plan images, by hand (Matterport's model coordinates cannot be mapped onto a drawn plan without an
 * alignment). `x`, `y` are fractions of the image's width and height from its top left corner.
 */
export class AnalyticsRoomPins1765330000000 implements MigrationInterface {
  name = 'AnalyticsRoomPins1765330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A room is a (room, floor) pair as the player reports it (the heat map's places): placed once per property,
    // a room without floor included. Deleting the floor plan takes its pins with it.
    await queryRunner.query(`
      CREATE TABLE analytics_room_pins (
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL REFERENCES properties (id),
        room text NOT NULL,
        floor smallint,
        floorplan_id uuid NOT NULL REFERENCES property_media (id) ON DELETE CASCADE,
        x double precision NOT NULL,
        y double precision NOT NULL,
        CONSTRAINT analytics_room_pins_room_uq UNIQUE NULLS NOT DISTINCT (property_id, room, floor),
        CONSTRAINT analytics_room_pins_room_ck CHECK (char_length(room) BETWEEN 1 AND 100),
        CONSTRAINT analytics_room_pins_floor_ck CHECK (floor BETWEEN 0 AND 99),
        CONSTRAINT analytics_room_pins_x_ck CHECK (x BETWEEN 0 AND 1),
        CONSTRAINT analytics_room_pins_y_ck CHECK (y BETWEEN 0 AND 1)
      )`);
    await queryRunner.query(
      'CREATE INDEX analytics_room_pins_floorplan_idx ON analytics_room_pins (floorplan_id)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE analytics_room_pins');
  }
}
