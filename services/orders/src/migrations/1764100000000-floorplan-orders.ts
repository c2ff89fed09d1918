import type { MigrationInterface, QueryRunner } from 'typeorm';

// The values as this migration wrote them (the lists in contracts may grow; a migration never changes).
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');
const KINDS = ['floorplan', 'schematic_floorplan', 'universal_floorplan', 'trueplan'];
const STATUSES = ['placed', 'in_progress', 'paused', 'delivered', 'cancelled'];
const STEPS = ['received', 'assigned', 'in_progress', 'paused', 'delivered', 'cancelled', 'amendment'];
const FILE_ROLES = ['supporting', 'working', 'property_data', 'delivered', 'attachment'];

/**
 * Floor-plan orders and everything hung on them: their history of steps, their files (the provider's supporting
 * files, the supplier's working files and deliverables, comment attachments), comments, the floor-plan variants a
 * delivery makes, and each provider's floor-plan configuration.
 */
export class FloorplanOrders1764100000000 implements MigrationInterface {
  name = 'FloorplanOrders1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // `number` is what people quote ("order 1042"). The property's title and address are copied at placing: the
    // queues search them without asking properties. An amendment is an order of its own (`amends_order_id`), new
    // work on a delivered one; it costs nothing. The times of each status are kept for the provider's steps.
    await queryRunner.query(`
      CREATE TABLE floorplan_orders (
        id uuid PRIMARY KEY,
        number bigint GENERATED ALWAYS AS IDENTITY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL,
        property_title text NOT NULL,
        property_address text,
        matterport_model_id text,
        kind text NOT NULL,
        status text NOT NULL DEFAULT 'placed',
        amends_order_id uuid REFERENCES floorplan_orders (id),
        credits integer NOT NULL,
        instructions text,
        supplier_id uuid,
        placed_by uuid,
        placed_at timestamptz NOT NULL DEFAULT now(),
        promised_at timestamptz NOT NULL,
        assigned_at timestamptz,
        started_at timestamptz,
        paused_at timestamptz,
        delivered_at timestamptz,
        cancelled_at timestamptz,
        cancellation_reason text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT floorplan_orders_kind CHECK (kind IN (${list(KINDS)})),
        CONSTRAINT floorplan_orders_status CHECK (status IN (${list(STATUSES)})),
        CONSTRAINT floorplan_orders_credits CHECK (credits >= 0),
        CONSTRAINT floorplan_orders_cancelled_with_reason
          CHECK ((status = 'cancelled') = (cancellation_reason IS NOT NULL AND cancelled_at IS NOT NULL)),
        CONSTRAINT floorplan_orders_delivered_at CHECK ((status = 'delivered') = (delivered_at IS NOT NULL))
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX floorplan_orders_number_uq ON floorplan_orders (number)');
    // The virtual assistant's queues: one kind (or two), first orders or amendments, a status, newest first.
    await queryRunner.query(`
      CREATE INDEX floorplan_orders_queue_idx
        ON floorplan_orders (kind, (amends_order_id IS NOT NULL), status, placed_at DESC, id DESC)`);
    await queryRunner.query(
      'CREATE INDEX floorplan_orders_provider_idx ON floorplan_orders (provider_id, placed_at DESC, id DESC)',
    );
    await queryRunner.query(
      `CREATE INDEX floorplan_orders_supplier_idx ON floorplan_orders (supplier_id, placed_at DESC, id DESC)
         WHERE supplier_id IS NOT NULL`,
    );
    await queryRunner.query(
      'CREATE INDEX floorplan_orders_amends_idx ON floorplan_orders (amends_order_id) WHERE amends_order_id IS NOT NULL',
    );

    await queryRunner.query(`
      CREATE TABLE order_steps (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES floorplan_orders (id),
        step text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id uuid,
        note text,
        CONSTRAINT order_steps_step CHECK (step IN (${list(STEPS)}))
      )`);
    await queryRunner.query('CREATE INDEX order_steps_order_idx ON order_steps (order_id, id)');

    await queryRunner.query(`
      CREATE TABLE order_comments (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES floorplan_orders (id),
        author_id uuid NOT NULL,
        author_role text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT order_comments_body_length CHECK (char_length(body) BETWEEN 1 AND 5000),
        CONSTRAINT order_comments_author_role
          CHECK (author_role IN ('provider', 'virtual_assistant', 'external_supplier', 'platform_admin'))
      )`);
    await queryRunner.query(
      'CREATE INDEX order_comments_order_idx ON order_comments (order_id, created_at, id)',
    );

    // A file belongs to one order; an attachment also to the comment it was attached to (null until then).
    await queryRunner.query(`
      CREATE TABLE order_files (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES floorplan_orders (id),
        role text NOT NULL,
        comment_id uuid REFERENCES order_comments (id) ON DELETE SET NULL,
        storage_key text NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        size bigint NOT NULL,
        uploaded_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT order_files_role CHECK (role IN (${list(FILE_ROLES)}))
      )`);
    await queryRunner.query(
      'CREATE INDEX order_files_order_idx ON order_files (order_id, role, created_at, id)',
    );
    await queryRunner.query(
      'CREATE INDEX order_files_comment_idx ON order_files (comment_id) WHERE comment_id IS NOT NULL',
    );

    // One variant per delivered file: the plan the provider uses, names and may hand to one of its clients.
    await queryRunner.query(`
      CREATE TABLE floorplan_variants (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        order_id uuid NOT NULL REFERENCES floorplan_orders (id),
        file_id uuid NOT NULL REFERENCES order_files (id),
        name text NOT NULL,
        provider_client_id uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX floorplan_variants_file_uq ON floorplan_variants (file_id)');
    await queryRunner.query(
      'CREATE INDEX floorplan_variants_provider_idx ON floorplan_variants (provider_id, created_at DESC, id DESC)',
    );

    // How a provider's plans are drawn, set by an admin; the supplier reads it as the order's template.
    await queryRunner.query(`
      CREATE TABLE floorplan_configurations (
        provider_id uuid PRIMARY KEY,
        template text NOT NULL,
        units text NOT NULL,
        show_dimensions boolean NOT NULL,
        show_room_areas boolean NOT NULL,
        show_total_area boolean NOT NULL,
        brand_colour text,
        custom_template_name text,
        supplier_notes text,
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT floorplan_configurations_units CHECK (units IN ('metric', 'imperial'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE floorplan_configurations');
    await queryRunner.query('DROP TABLE floorplan_variants');
    await queryRunner.query('DROP TABLE order_files');
    await queryRunner.query('DROP TABLE order_comments');
    await queryRunner.query('DROP TABLE order_steps');
    await queryRunner.query('DROP TABLE floorplan_orders');
  }
}
