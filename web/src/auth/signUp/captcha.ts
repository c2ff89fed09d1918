import { PRODUCT } from '@tourly/contracts';
import { readMeta } from '../../api/meta';

/** The part of reCAPTCHA v2's browser API the sign-up page uses (Google's script, or the emulators'). */
export interface Grecaptcha {
  render(
    container: HTMLElement,
    parameters: { sitekey: string; callback(token: string): void; 'expired-callback'(): void },
  ): number;
  getResponse(widgetId?: number): string;
  reset(widgetId?: number): void;
}

export interface CaptchaSettings {
  siteKey: string;
  scriptUrl: string;
}

/** The gateway writes the site key and the script's address into the page; null when no captcha is set up. */
export function readCaptchaSettings(): CaptchaSettings | null {
  const siteKey = readMeta('captcha-site-key');
  const scriptUrl = readMeta('captcha-script-url');
  return siteKey && scriptUrl ? { siteKey, scriptUrl } : null;
}

const ONLOAD_CALLBACK = `${PRODUCT}CaptchaLoaded`;
let loading: Promise<Grecaptcha> | null = null;

/**
 * Loads the captcha's script once per page (only the sign-up page asks), resolving when `grecaptcha` is ready:
 * Google's script calls the global named by `onload`; `render=explicit` leaves the rendering to us.
 */
export function loadCaptcha(scriptUrl: string): Promise<Grecaptcha> {
  const globals = window as unknown as Record<string, unknown>;
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    globals[ONLOAD_CALLBACK] = () => resolve(globals.grecaptcha as Grecaptcha);
    const url = new URL(scriptUrl, window.location.href);
    url.searchParams.set('onload', ONLOAD_CALLBACK);
    url.searchParams.set('render', 'explicit');
    const script = document.createElement('script');
    script.src = url.toString();
    script.async = true;
    script.onerror = () => {
      // Forget the failure, so that trying again loads the script anew.
      script.remove();
      loading = null;
      reject(new Error('The captcha script did not load'));
    };
    document.head.append(script);
  });
  return loading;
}
