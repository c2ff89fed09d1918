import type { FastifyPluginAsync } from 'fastify';
import type { Vendor } from '../vendor';

/** What Postmark's send API (POST /email) takes: the fields the platform uses. */
interface PostmarkEmail {
  From?: unknown;
  To?: unknown;
  Subject?: unknown;
  TextBody?: unknown;
  HtmlBody?: unknown;
  Attachments?: unknown;
}

export interface SentAttachment {
  name: string;
  contentType: string;
  /** The file's text (sent base64-encoded, as Postmark takes it). */
  content: string;
}

export interface SentEmail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  textBody: string;
  attachments: SentAttachment[];
  submittedAt: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Postmark's attachments: a list of {Name, Content (base64), ContentType}; anything else is refused (null). */
function attachmentsOf(value: unknown): SentAttachment[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const files: SentAttachment[] = [];
  for (const item of value as Array<Record<string, unknown>>) {
    const { Name, Content, ContentType } = item ?? {};
    if (typeof Name !== 'string' || !Name || typeof Content !== 'string' || !BASE64.test(Content))
      return null;
    if (typeof ContentType !== 'string' || !ContentType) return null;
    files.push({
      name: Name,
      contentType: ContentType,
      content: Buffer.from(Content, 'base64').toString('utf8'),
    });
  }
  return files;
}

/**
 * A transactional email API shaped like Postmark's `POST /email` (server token in X-Postmark-Server-Token),
 * keeping what it is sent. `GET /_messages?to=` shows the mailbox, newest first: in development it is where
 * the password-reset links land; tests read it too.
 */
export function createMailVendor(): Vendor {
  let sent: SentEmail[] = [];
  let counter = 0;

  const routes: FastifyPluginAsync = async (app) => {
    app.post<{ Body: PostmarkEmail | undefined }>('/email', async (request, reply) => {
      if (!request.headers['x-postmark-server-token']) {
        return reply.code(401).send({
          ErrorCode: 10,
          Message: 'No Account or Server API tokens were supplied in the HTTP headers.',
        });
      }
      const { From, To, Subject, TextBody, HtmlBody, Attachments } = request.body ?? {};
      if (typeof To !== 'string' || To.trim() === '' || typeof From !== 'string') {
        return reply
          .code(422)
          .send({ ErrorCode: 300, Message: 'Invalid email request: From and To are required.' });
      }
      const attachments = attachmentsOf(Attachments);
      if (!attachments) {
        return reply.code(422).send({
          ErrorCode: 300,
          Message: 'Invalid email request: each attachment needs a Name, a base64 Content and a ContentType.',
        });
      }
      counter += 1;
      const email: SentEmail = {
        messageId: `emulated-${counter}`,
        from: From,
        to: To.trim().toLowerCase(),
        subject: typeof Subject === 'string' ? Subject : '',
        textBody: typeof TextBody === 'string' ? TextBody : typeof HtmlBody === 'string' ? HtmlBody : '',
        attachments,
        submittedAt: new Date().toISOString(),
      };
      sent.push(email);
      return {
        To: email.to,
        SubmittedAt: email.submittedAt,
        MessageID: email.messageId,
        ErrorCode: 0,
        Message: 'OK',
      };
    });

    app.get<{ Querystring: { to?: string } }>('/_messages', async (request) => {
      const to = request.query.to?.trim().toLowerCase();
      return { messages: sent.filter((email) => !to || email.to === to).reverse() };
    });
  };

  return {
    name: 'mail',
    prefix: '/mail',
    routes,
    reset: () => {
      sent = [];
    },
    state: {
      save: () => ({ sent, counter }),
      load: (saved) => {
        ({ sent, counter } = saved as { sent: SentEmail[]; counter: number });
      },
    },
  };
}
