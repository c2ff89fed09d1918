import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback, type Readable } from 'node:stream';
import busboy from 'busboy';
import { LIMITS, MESSAGES } from '@tourly/contracts';
import { ApiError } from '../http/errors';
import { mustBe, sniff, SNIFF_BYTES, type ContentKind, type Sniffed } from './content-types';

export interface IntakeOptions {
  /** The multipart field holding the file, e.g. `temporary_upload[file]`. */
  field: string;
  accept: readonly ContentKind[];
  /** Where the file goes once its first bytes are known to be acceptable. Must consume `body`. */
  store(body: Readable, sniffed: Sniffed, filename: string): Promise<void>;
  maxBytes?: number;
  /**
   * The form's text fields, filled in by name as they arrive (the first value of a name counts). When given, the file
   * is reported received only once the whole form is read, so fields sent after the file are here too; a form cut
   * short after the file was stored then fails (ClientGone), so `store` should keep nothing lasting on its own.
   */
  fields?: Record<string, string>;
}

export interface ReceivedFile extends Sniffed {
  filename: string;
  size: number;
}

/** The client went away mid-upload: nobody is left to answer. */
export class ClientGone extends Error {}

/**
 * Reads one file out of a multipart/form-data request as a stream, never whole in memory: its first bytes
 * decide what it is (a file of a kind not accepted is refused before anything is stored), then it streams to
 * `store`, counted; one byte over the limit and the store is abandoned. Other fields and files are discarded.
 * Resolves once the file is stored; rejects with the error to answer (422, 413, 400), or ClientGone when the
 * request was cut short, after `store` has failed (so nothing of it remains).
 */
export function receiveFile(raw: IncomingMessage, options: IntakeOptions): Promise<ReceivedFile> {
  const maxBytes = options.maxBytes ?? LIMITS.maxUploadBytes;
  const fieldPath = options.field.replace(/\[/g, '.').replace(/\]/g, '');
  return new Promise<ReceivedFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: raw.headers,
        // Browsers send the file name as raw UTF-8 (WHATWG's multipart encoding); busboy would read it as latin1.
        defParamCharset: 'utf8',
        // One byte past the limit: busboy signals 'limit' on reaching it, even for a file exactly that size.
        limits: { fileSize: maxBytes + 1, files: 5, fields: 20, parts: 30, fieldSize: 64 * 1024 },
      });
    } catch {
      reject(ApiError.badRequest(`Send the file as multipart/form-data in the field ${options.field}.`));
      return;
    }
    let settled = false;
    let found = false;
    let storing: Promise<ReceivedFile> | undefined;
    let failure: Error | undefined;
    let closed = false;
    /** The file is in and `fields` were asked for: what finishes once the form is read to its end. */
    let afterClose: (() => void) | undefined;

    const finish = (error: Error | null, result?: ReceivedFile) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(result!);
    };
    const fail = (error: Error) => {
      failure ??= error;
      if (storing && !afterClose) return; // settled when the store has given up
      finish(failure);
    };

    parser.on('file', (name, stream, info) => {
      if (name !== options.field || found) {
        stream.resume();
        return;
      }
      found = true;
      const filename = cleanFilename(info.filename);
      const gate = new SniffGate(options.accept, fieldPath);
      stream.once('limit', () => {
        gate.destroy(ApiError.base(413, MESSAGES.uploadTooLarge));
      });
      stream.once('error', (error) => gate.destroy(error));
      gate.once('error', (error) => {
        // Keep reading the request (and discarding) so the answer can be sent.
        stream.unpipe(gate);
        stream.resume();
        fail(error);
      });
      stream.pipe(gate);
      gate.once('sniffed', (sniffed: Sniffed) => {
        storing = options.store(gate, sniffed, filename).then(
          () => {
            if (failure) throw failure;
            if (gate.received === 0) throw ApiError.invalid(fieldPath, MESSAGES.required);
            return { ...sniffed, filename, size: gate.received };
          },
          (error: unknown) => {
            throw failure ?? error;
          },
        );
        storing.then(
          (received) => {
            if (!options.fields || closed) finish(null, received);
            else afterClose = () => finish(null, received);
          },
          (error: Error) => finish(error),
        );
      });
    });
    parser.once('error', (error) => {
      fail(
        failure ?? ApiError.badRequest(`The upload is not a well-formed form (${(error as Error).message}).`),
      );
    });
    parser.on('field', (name: string, value: string) => {
      if (options.fields && !Object.hasOwn(options.fields, name)) options.fields[name] = value;
    });
    parser.once('close', () => {
      closed = true;
      if (!found) fail(ApiError.invalid(fieldPath, MESSAGES.required));
      afterClose?.();
    });
    raw.once('close', () => {
      if (raw.complete) return;
      const gone = new ClientGone('the client went away mid-upload');
      failure ??= gone;
      parser.destroy(gone);
      if (!storing || afterClose) finish(gone);
    });
    raw.pipe(parser);
  });
}

/**
 * Holds back the first bytes until they say what the file is, then lets everything through, counting. A file
 * of a kind not accepted fails with the field's message; so does an empty one.
 */
class SniffGate extends Transform {
  /** Bytes through so far. (Not `size`: upload libraries read a body's `size` as its total length.) */
  received = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;

  constructor(
    private readonly accept: readonly ContentKind[],
    private readonly field: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.decided) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.decide(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.decided) return done();
    if (this.headLength === 0) return done(ApiError.invalid(this.field, MESSAGES.required));
    this.decide(done);
  }

  private decide(done: TransformCallback): void {
    const head = Buffer.concat(this.head, this.headLength);
    this.head = [];
    const sniffed = sniff(head);
    if (!sniffed || !this.accept.includes(sniffed.kind)) {
      return done(ApiError.invalid(this.field, mustBe(this.accept)));
    }
    this.decided = true;
    this.push(head);
    this.emit('sniffed', sniffed);
    done();
  }
}

/** The name as the person's computer had it, without any path, control characters or excess length. */
export function cleanFilename(given: string | undefined): string {
  const base = (given ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(-200) || 'file';
}
