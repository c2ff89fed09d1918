import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Vendor } from '../../vendor';
import { downloadImage } from './download';
import { SegmentationEmulation, type SegmentationFailureStatus } from './emulation';
import { segmentPanorama } from './engine';
import { errorBody, SegmentationRefusal } from './errors';

export {
  SEGMENTATION_FAILURE_STATUSES,
  SEGMENTATION_REQUEST_LOG_LIMIT,
  type SegmentationFailureStatus,
  type SegmentationRequestRecord,
} from './emulation';
export { MAX_IMAGE_WIDTH as SEGMENTATION_MAX_IMAGE_WIDTH, SEGMENTATION_MODEL } from './engine';
export type { Segmentation, SegmentedLabel } from './engine';
export { MAX_IMAGE_BYTES as SEGMENTATION_MAX_IMAGE_BYTES } from './download';
export type { SegmentationErrorBody, SegmentationErrorType, SegmentationRefusalCode } from './errors';
export { SEGMENTATION_LABELS, type SegmentationLabel, type SegmentationLabelKind } from './labels';

/** The one API key the engine refuses as revoked, so tests can exercise a key the vendor no longer accepts. */
export const SEGMENTATION_REVOKED_KEY = 'revoked-key';

const PARAMETERS = ['image_url', 'mask_format'];
const UNAVAILABLE = 'The engine is temporarily unavailable';

/**
 * A hosted computer-vision API segmenting equirectangular panoramas (`POST /segmentation/v1/segmentations`): it
 * downloads the image at the URL it is given and answers the labels it finds (SEGMENTATION_LABELS, by colour) with a
 * mask. Any bearer key but `revoked-key` is accepted. Stateless: `/_emulator/segmentation` injects failures and
 * latency and lists the requests answered, which `reset` forgets.
 */
export function createSegmentationVendor(): Vendor {
  const emulation = new SegmentationEmulation();
  return {
    name: 'segmentation',
    prefix: '/segmentation',
    routes: async (app) => segmentationRoutes(app, emulation),
    controls: emulation.controls,
    reset: () => emulation.reset(),
  };
}

function segmentationRoutes(app: FastifyInstance, emulation: SegmentationEmulation): void {
  // The body is read as text whatever its type and parsed in the route, so that anything but a JSON object gets the
  // engine's own 400 rather than the server's.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError | SegmentationRefusal, _request, reply) => {
    if (error instanceof SegmentationRefusal) return reply.code(error.status).send(error.body());
    const status = error.statusCode ?? 500;
    if (status >= 500) return reply.code(500).send(errorBody('api_error', 'The engine failed to answer'));
    return reply.code(status).send(errorBody('invalid_request_error', error.message));
  });

  app.post<{ Body: string | undefined }>(
    '/v1/segmentations',
    {
      onSend: async (request, reply) => {
        emulation.record({
          image_url: imageUrlOf(request.body),
          status: reply.statusCode,
          at: new Date().toISOString(),
        });
      },
    },
    async (request, reply) => {
      await emulation.delay();
      const failure = emulation.takeFailure();
      if (failure) return fail(reply, failure);
      const refusal = authenticate(request);
      if (refusal) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send(errorBody('authentication_error', refusal));
      }
      const { imageUrl } = parseParameters(request.body);
      return segmentPanorama(await downloadImage(imageUrl));
    },
  );
}

function fail(reply: FastifyReply, status: SegmentationFailureStatus) {
  if (status === 429) void reply.header('retry-after', '1');
  return reply.code(status).send(errorBody(status === 429 ? 'rate_limit_error' : 'api_error', UNAVAILABLE));
}

/** Why the request's key is refused, or undefined when it is accepted. */
function authenticate(request: FastifyRequest): string | undefined {
  const key = /^Bearer\s+(.*)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
  if (!key) return 'No API key provided: send it as `Authorization: Bearer <key>`.';
  if (key === SEGMENTATION_REVOKED_KEY) return 'The API key has been revoked.';
  return undefined;
}

function parseParameters(raw: string | undefined): { imageUrl: URL } {
  const body = parseBody(raw);
  const unknown = Object.keys(body).find((name) => !PARAMETERS.includes(name));
  if (unknown)
    throw new SegmentationRefusal(400, 'parameter_unknown', `Received unknown parameter: ${unknown}.`);
  const { image_url: imageUrl, mask_format: maskFormat } = body;
  if (imageUrl === undefined || imageUrl === '') {
    throw new SegmentationRefusal(400, 'parameter_missing', 'Missing required parameter: image_url.');
  }
  const url = typeof imageUrl === 'string' && URL.canParse(imageUrl) ? new URL(imageUrl) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw new SegmentationRefusal(
      400,
      'parameter_invalid',
      'Invalid image_url: an absolute http or https URL without credentials is required.',
    );
  }
  if (maskFormat !== undefined && maskFormat !== 'png') {
    throw new SegmentationRefusal(
      400,
      'parameter_invalid',
      `Invalid mask_format: ${JSON.stringify(maskFormat)}. The only mask format is "png".`,
    );
  }
  return { imageUrl: url };
}

/** The body as a JSON object; no body at all is an empty one. */
function parseBody(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined || raw.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SegmentationRefusal(400, 'invalid_json', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** The request's image_url for the requests log, whatever else is wrong with the request. */
function imageUrlOf(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const body: unknown = JSON.parse(raw);
    const imageUrl =
      typeof body === 'object' && body !== null ? (body as { image_url?: unknown }).image_url : null;
    return typeof imageUrl === 'string' ? imageUrl : null;
  } catch {
    return null;
  }
}
