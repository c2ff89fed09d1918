import { Inject, Injectable } from '@nestjs/common';
import { ApiError, CONFIG, LOGGER, type Logger } from '@tourly/platform';
import type { IdentityConfig } from '../config';

const TIMEOUT_MS = 5000;

/** The captcha port: asks the verifier (reCAPTCHA's siteverify API, or its emulator) whether an answer is human. */
@Injectable()
export class CaptchaVerifier {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async isHuman(response: string, remoteIp?: string): Promise<boolean> {
    const form = new URLSearchParams({ secret: this.config.CAPTCHA_SECRET, response });
    if (remoteIp) form.set('remoteip', remoteIp);
    try {
      const answer = await fetch(this.config.CAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const result = (await answer.json()) as { success?: boolean; 'error-codes'?: string[] };
      if (!result.success) this.logger.info({ codes: result['error-codes'] }, 'captcha refused');
      return result.success === true;
    } catch (error) {
      this.logger.warn({ err: error }, 'captcha verifier unreachable');
      throw ApiError.unavailable('We could not check the captcha right now. Please try again in a moment.');
    }
  }
}
