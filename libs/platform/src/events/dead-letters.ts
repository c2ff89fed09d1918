import { Body, Controller, Get, HttpCode, Inject, Injectable, Post, Query, type Type } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  Equals,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import type { EventEnvelope } from '@tourly/contracts';
import type { Logger } from 'pino';
import { Staff } from '../auth/internal-auth.guard';
import { Database } from '../database/database';
import { one, rows } from '../database/rows';
import { OptionalOneOf, OptionalString } from '../http/dto';
import { PageQuery, pageOf, type Page } from '../http/pagination';
import { Responds } from '../http/responses';
import { LOGGER } from '../tokens';
import { decodeEnvelope } from './envelope';
import type { EventConsumer } from './event-consumer';

/** The running consumers of this service by durable name: what a replay hands a parked event to. */
export class ConsumerRegistry {
  private readonly consumers = new Map<string, EventConsumer>();

  add(consumer: EventConsumer): void {
    this.consumers.set(consumer.durable, consumer);
  }

  remove(consumer: EventConsumer): void {
    if (this.consumers.get(consumer.durable) === consumer) this.consumers.delete(consumer.durable);
  }

  get(durable: string): EventConsumer | undefined {
    return this.consumers.get(durable);
  }

  durables(): string[] {
    return [...this.consumers.keys()];
  }
}

/** Replays of one request: the oldest parked events first. */
export const MAX_REPLAYS_PER_REQUEST = 100;

export class DeadLetter {
  @ApiProperty()
  id!: number;

  @ApiProperty({
    description: 'the durable consumer that parked it, e.g. properties__billing_subscription_changed_v1',
  })
  consumer!: string;

  @ApiProperty()
  subject!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'null for an undecodable event: its bytes are in raw',
  })
  eventId!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  envelope!: Record<string, unknown> | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'the bytes of an undecodable event, as UTF-8 text',
  })
  raw!: string | null;

  @ApiProperty({ description: 'why the last try failed' })
  error!: string;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  parkedAt!: Date;

  @ApiProperty()
  replays!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastReplayedAt!: Date | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  replayedAt!: Date | null;
}

export type ReplayOutcome = 'replayed' | 'already_handled' | 'not_parked' | 'failed';

export class ReplayResult {
  @ApiProperty()
  id!: number;

  @ApiProperty({ enum: ['replayed', 'already_handled', 'not_parked', 'failed'] })
  outcome!: ReplayOutcome;

  @ApiProperty({
    required: false,
    description: 'why a failed replay failed; the dead letter keeps it as its error',
  })
  error?: string;
}

export class ReplayAnswer {
  @ApiProperty({ type: () => [ReplayResult] })
  results!: ReplayResult[];

  @ApiProperty({ description: 'events still parked after this replay' })
  stillParked!: number;
}

export class DeadLettersQuery extends PageQuery {
  @OptionalOneOf(['parked', 'replayed'])
  state?: 'parked' | 'replayed';

  @OptionalString(200)
  consumer?: string;
}

export class ReplayDeadLetters {
  @ApiPropertyOptional({
    type: [Number],
    maxItems: MAX_REPLAYS_PER_REQUEST,
    description: 'the dead letters to replay (their ids); or `all`',
  })
  // Stacked decorators are checked bottom-up: the shape first.
  @Max(Number.MAX_SAFE_INTEGER, { each: true, message: 'must list ids of dead letters' })
  @Min(1, { each: true, message: 'must list whole numbers from 1' })
  @IsInt({ each: true, message: 'must list whole numbers' })
  @ArrayMaxSize(MAX_REPLAYS_PER_REQUEST, { message: `must list at most ${MAX_REPLAYS_PER_REQUEST}` })
  @ArrayNotEmpty({ message: 'must list the ids of dead letters, or send all: true' })
  @IsArray({ message: 'must list the ids of dead letters, or send all: true' })
  @ValidateIf((body: ReplayDeadLetters) => body.all === undefined || body.ids !== undefined)
  ids?: number[];

  @ApiPropertyOptional({
    type: Boolean,
    description: `true: replay every parked event (the oldest ${MAX_REPLAYS_PER_REQUEST} per request)`,
  })
  @Equals(true, { message: 'must be true, or left out with ids listed' })
  @IsBoolean({ message: 'must be true or false' })
  @IsOptional()
  all?: boolean;
}

interface DeadLetterRow {
  id: string;
  consumer: string;
  subject: string;
  event_id: string | null;
  envelope: Record<string, unknown> | null;
  raw: Buffer | null;
  error: string;
  attempts: number;
  parked_at: Date;
  replays: number;
  last_replayed_at: Date | null;
  replayed_at: Date | null;
}

/**
 * The service's parked events: listed for an operator, and replayed through the same handler and inbox as a
 * delivery, in one transaction with marking the dead letter replayed, so a replay has one effect at most
 * (a second replay, or one of an event a redelivery handled meanwhile, has none).
 */
@Injectable()
export class DeadLetters {
  constructor(
    private readonly db: Database,
    private readonly consumers: ConsumerRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(query: DeadLettersQuery): Promise<Page<DeadLetter>> {
    const parked = (query.state ?? 'parked') === 'parked';
    const where = `WHERE (replayed_at IS NULL) = $1 AND ($2::text IS NULL OR consumer = $2)`;
    const [letters, counted] = await Promise.all([
      rows<DeadLetterRow>(
        this.db.dataSource,
        `SELECT * FROM dead_letters ${where} ORDER BY id LIMIT $3 OFFSET $4`,
        [parked, query.consumer ?? null, query.pageSize, query.offset],
      ),
      one<{ total: number }>(this.db.dataSource, `SELECT count(*)::int AS total FROM dead_letters ${where}`, [
        parked,
        query.consumer ?? null,
      ]),
    ]);
    return pageOf(letters.map(toDeadLetter), counted?.total ?? 0, query);
  }

  /** Parked (not yet replayed) events per consumer: the alert's gauge. */
  async parkedByConsumer(): Promise<Map<string, number>> {
    const counts = await rows<{ consumer: string; parked: number }>(
      this.db.dataSource,
      'SELECT consumer, count(*)::int AS parked FROM dead_letters WHERE replayed_at IS NULL GROUP BY consumer',
    );
    return new Map(counts.map((row) => [row.consumer, row.parked]));
  }

  /**
   * Replays the listed dead letters, or (`all`) the oldest parked ones after `afterId`; one failing leaves the
   * others unaffected.
   */
  async replay(request: { ids?: number[]; all?: boolean; afterId?: number }): Promise<ReplayAnswer> {
    const ids = request.all
      ? (
          await rows<{ id: string }>(
            this.db.dataSource,
            'SELECT id FROM dead_letters WHERE replayed_at IS NULL AND id > $1 ORDER BY id LIMIT $2',
            [request.afterId ?? 0, MAX_REPLAYS_PER_REQUEST],
          )
        ).map((row) => Number(row.id))
      : [...new Set(request.ids ?? [])];
    const results: ReplayResult[] = [];
    for (const id of ids) results.push(await this.replayOne(id));
    const counted = await one<{ parked: number }>(
      this.db.dataSource,
      'SELECT count(*)::int AS parked FROM dead_letters WHERE replayed_at IS NULL',
    );
    return { results, stillParked: counted?.parked ?? 0 };
  }

  async replayOne(id: number): Promise<ReplayResult> {
    let replayed: { consumer: EventConsumer; envelope: EventEnvelope; handled: boolean; attempts: number };
    try {
      const outcome = await this.db.transaction(async (tx) => {
        // The row lock makes a concurrent replay of the same dead letter wait, then find it replayed.
        const row = await one<DeadLetterRow>(
          tx,
          'SELECT * FROM dead_letters WHERE id = $1 AND replayed_at IS NULL FOR UPDATE',
          [id],
        );
        if (!row) return undefined;
        const consumer = this.consumers.get(row.consumer);
        if (!consumer) throw new Error(`this service runs no consumer ${row.consumer} to replay it`);
        const envelope = decoded(row);
        const handled = await consumer.handleOnce(envelope, tx);
        await tx.query(
          `UPDATE dead_letters SET replayed_at = now(), last_replayed_at = now(), replays = replays + 1
            WHERE id = $1`,
          [id],
        );
        return { consumer, envelope, handled, attempts: row.attempts + row.replays + 1 };
      });
      if (!outcome) return { id, outcome: 'not_parked' };
      replayed = outcome;
    } catch (failure) {
      const error = errorText(failure);
      await this.db.dataSource.query(
        `UPDATE dead_letters SET error = $2, replays = replays + 1, last_replayed_at = now()
          WHERE id = $1 AND replayed_at IS NULL`,
        [id, error],
      );
      this.logger.error({ deadLetterId: id, error }, 'replay of a dead letter failed; it stays parked');
      return { id, outcome: 'failed', error };
    }
    const { consumer, envelope, handled, attempts } = replayed;
    this.logger.info(
      { deadLetterId: id, consumer: consumer.durable, subject: envelope.type, eventId: envelope.id, handled },
      'dead letter replayed',
    );
    consumer.replayed(envelope, attempts);
    return { id, outcome: handled ? 'replayed' : 'already_handled' };
  }
}

function decoded(row: DeadLetterRow): EventEnvelope {
  try {
    return decodeEnvelope(row.raw ?? Buffer.from(JSON.stringify(row.envelope)));
  } catch (error) {
    throw new Error(`undecodable event: ${errorText(error)}`);
  }
}

function toDeadLetter(row: DeadLetterRow): DeadLetter {
  return {
    id: Number(row.id),
    consumer: row.consumer,
    subject: row.subject,
    eventId: row.event_id,
    envelope: row.envelope,
    raw: row.raw ? row.raw.toString('utf8') : null,
    error: row.error,
    attempts: row.attempts,
    parkedAt: row.parked_at,
    replays: row.replays,
    lastReplayedAt: row.last_replayed_at,
    replayedAt: row.replayed_at,
  };
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * `GET /admin/events/<service>/dead_letters` (paged; `state=parked|replayed`, `consumer`) and
 * `POST /admin/events/<service>/dead_letters/replay` (`{ids: [...]}` or `{all: true}`), for platform admins;
 * the gateway forwards `/admin/events/<service>/**` to that service.
 */
export function deadLettersController(service: string): Type<unknown> {
  @Controller(`admin/events/${service}/dead_letters`)
  @Staff('platform_admin')
  class DeadLettersController {
    constructor(@Inject(DeadLetters) private readonly deadLetters: DeadLetters) {}

    // Operation ids name the service: every service has these routes, and the gateway merges their documents.
    @Get()
    @ApiOperation({ operationId: `${service}DeadLettersList`, summary: `${service}'s parked events` })
    @Responds({ page: DeadLetter })
    list(@Query() query: DeadLettersQuery): Promise<Page<DeadLetter>> {
      return this.deadLetters.list(query);
    }

    @Post('replay')
    @HttpCode(200)
    @ApiOperation({
      operationId: `${service}DeadLettersReplay`,
      summary: `Replays ${service}'s parked events`,
    })
    @Responds(ReplayAnswer)
    replay(@Body() body: ReplayDeadLetters): Promise<ReplayAnswer> {
      return this.deadLetters.replay(body);
    }
  }
  return DeadLettersController;
}
