import { Injectable } from '@nestjs/common';
import { toCamelKeys, toSnakeKeys } from '../http/case';
import type { Stoppable, Transport } from './transport';

/**
 * Notices every replica of a process hears, for what each keeps to itself and must drop when another replica
 * changed it (the gateway's resolved sessions after a provider switch through another gateway). A plain NATS
 * subject without a queue group, so unlike an event's durable consumer (one replica each) every listener gets it;
 * kept nowhere, so a replica not listening at that moment never hears it: a notice only shortens what a cache's
 * time to live already bounds, it never carries state of its own.
 */
@Injectable()
export class Broadcasts {
  constructor(private readonly transport: Transport) {}

  /** Resolves once the broker has it, and has handed it on to the listeners. */
  send(subject: string, notice: unknown): Promise<void> {
    return this.transport.broadcast(subject, Buffer.from(JSON.stringify(toSnakeKeys(notice))));
  }

  listen<T>(subject: string, handle: (notice: T) => void): Promise<Stoppable> {
    return this.transport.listen(subject, (data) =>
      handle(toCamelKeys<T>(JSON.parse(Buffer.from(data).toString('utf8')))),
    );
  }
}
