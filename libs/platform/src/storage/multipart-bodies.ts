import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * multipart/form-data bodies are left unread by Fastify: the upload routes stream them from the request
 * themselves (multipart-intake), so a 100 MB file never sits in memory. Other routes never read them.
 */
@Injectable()
export class MultipartBodies implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('multipart/form-data')) return;
    fastify.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));
  }
}
