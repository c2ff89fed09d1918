import type { FastifyPluginAsync } from 'fastify';
import type { Vendor } from '../vendor';

/** What Postmark's send API (POST /email) takes: the fields the platform uses. */
interface PostmarkEmail {
  From?: unknown;
  To?: unknown;
  Subject?: unknown;
  TextBody?: unknown;
  HtmlBody?: unknown;
}

export interface SentEmail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  textBody: string;
  submittedAt: string;
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
      const { From, To, Subject, TextBody, HtmlBody } = request.body ?? {};
      if (typeof To !== 'string' || To.trim() === '' || typeof From !== 'string') {
        return reply
          .code(422)
          .send({ ErrorCode: 300, Message: 'Invalid email request: From and To are required.' });
      }
      counter += 1;
      const email: SentEmail = {
        messageId: `emulated-${counter}`,
        from: From,
        to: To.trim().toLowerCase(),
        subject: typeof Subject === 'string' ? Subject : '',
        textBody: typeof TextBody === 'string' ? TextBody : typeof HtmlBody === 'string' ? HtmlBody : '',
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
