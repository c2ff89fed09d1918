import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../tokens';

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it (a calendar invitation); `content` is the file's text. */
  attachments?: Array<{ name: string; contentType: string; content: string }>;
}

/** The settings of a service that sends e-mail (its config class declares them). */
export interface MailConfig {
  /** A transactional email API shaped like Postmark's (`POST /email`); the emulator's in development and tests. */
  MAIL_API_URL: string;
  MAIL_API_TOKEN: string;
  MAIL_FROM: string;
}

const TIMEOUT_MS = 10_000;

/** The email port: Postmark's send API (or its emulator). */
@Injectable()
export class Mailer {
  constructor(@Inject(CONFIG) private readonly config: MailConfig) {}

  async send(email: Email): Promise<void> {
    const response = await fetch(`${this.config.MAIL_API_URL}/email`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-postmark-server-token': this.config.MAIL_API_TOKEN,
      },
      body: JSON.stringify({
        From: this.config.MAIL_FROM,
        To: email.to,
        Subject: email.subject,
        TextBody: email.text,
        ...(email.attachments?.length
          ? {
              Attachments: email.attachments.map((file) => ({
                Name: file.name,
                Content: Buffer.from(file.content).toString('base64'),
                ContentType: file.contentType,
              })),
            }
          : {}),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`mail API answered ${response.status}: ${await response.text()}`);
  }
}
