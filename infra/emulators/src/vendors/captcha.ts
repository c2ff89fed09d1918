import type { FastifyPluginAsync } from 'fastify';
import type { Vendor } from '../vendor';

/** The one response token the emulator rejects, so tests can exercise a failed captcha on purpose. */
export const FAILING_CAPTCHA_TOKEN = 'fail';

type CaptchaErrorCode = 'missing-input-secret' | 'invalid-input-response';

export type SiteverifyResult =
  | { success: true; challenge_ts: string; hostname: string }
  | { success: false; 'error-codes': CaptchaErrorCode[] };

interface SiteverifyParams {
  secret?: unknown;
  response?: unknown;
}

/** The prefix of every token the emulated widget hands out. */
const EMULATED_TOKEN_PREFIX = 'emulated-';

/**
 * Google reCAPTCHA v2: siteverify (any secret is accepted, any token except the failing one passes) and a
 * stand-in of the browser script (`api.js`) whose checkbox widget hands out such tokens.
 */
export function createCaptchaVendor(): Vendor {
  return { name: 'captcha', prefix: '/captcha', routes: captchaRoutes };
}

const captchaRoutes: FastifyPluginAsync = async (app) => {
  // Loaded by the sign-up page in place of https://www.google.com/recaptcha/api.js.
  app.get('/api.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(WIDGET_SCRIPT),
  );

  // Like Google, the parameters may come in the query string as well as in the body.
  app.post<{ Querystring: SiteverifyParams; Body: SiteverifyParams | undefined }>(
    '/siteverify',
    async (request) => verify({ ...request.query, ...request.body }),
  );
};

function verify({ secret, response }: SiteverifyParams): SiteverifyResult {
  if (!isNonEmptyString(secret)) return { success: false, 'error-codes': ['missing-input-secret'] };
  if (!isNonEmptyString(response) || response === FAILING_CAPTCHA_TOKEN) {
    return { success: false, 'error-codes': ['invalid-input-response'] };
  }
  return { success: true, challenge_ts: timestampWithoutMillis(new Date()), hostname: 'localhost' };
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Google answers challenge_ts as yyyy-MM-ddTHH:mm:ssZ. */
function timestampWithoutMillis(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * What `api.js` defines, the subset of reCAPTCHA v2's browser API the platform uses:
 * `grecaptcha.render(container, {sitekey, callback, 'expired-callback'})` -> a widget id,
 * `grecaptcha.getResponse(id?)`, `grecaptcha.reset(id?)` and `grecaptcha.ready(fn)`; the script's `onload`
 * query parameter names a global function called once it is ready, and without `render=explicit` every
 * `.g-recaptcha[data-sitekey]` element is rendered on load, as Google's script does. A widget is a native
 * checkbox labelled "I'm not a robot" (so keyboards and screen readers use it like any checkbox); ticking it
 * yields a token, which expires after two minutes like Google's (unticked, `expired-callback` called).
 * Plain ES2017 with no dependencies: it runs in the page as is.
 */
const WIDGET_SCRIPT = `(function () {
  'use strict';
  var TOKEN_LIFETIME_MS = 120000;
  var script = document.currentScript;
  var params = new URL(script ? script.src : window.location.href).searchParams;
  var widgets = [];

  function callback(fn, argument) {
    var target = typeof fn === 'string' ? window[fn] : fn;
    if (typeof target === 'function') target(argument);
  }

  function containerOf(container) {
    var element = typeof container === 'string' ? document.getElementById(container) : container;
    if (!element || element.nodeType !== 1) throw new Error('Invalid reCAPTCHA container');
    return element;
  }

  function widgetOf(id) {
    var widget = widgets[id === undefined ? 0 : id];
    if (!widget) throw new Error('Invalid reCAPTCHA client id: ' + id);
    return widget;
  }

  function newToken() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return '${EMULATED_TOKEN_PREFIX}' + Array.prototype.map.call(bytes, function (byte) {
      return byte.toString(16).padStart(2, '0');
    }).join('');
  }

  function clear(widget) {
    clearTimeout(widget.timer);
    widget.timer = null;
    widget.token = '';
    widget.input.checked = false;
  }

  function render(container, parameters) {
    var host = containerOf(container);
    var options = parameters || {};
    var sitekey = options.sitekey || host.getAttribute('data-sitekey');
    if (!sitekey) throw new Error('Missing required parameters: sitekey');
    if (host.hasAttribute('data-emulated-recaptcha')) {
      throw new Error('reCAPTCHA has already been rendered in this element');
    }
    var id = widgets.length;
    var box = document.createElement('div');
    box.style.cssText = 'display:flex;align-items:center;justify-content:space-between;gap:12px;' +
      'box-sizing:border-box;width:304px;max-width:100%;min-height:78px;padding:0 12px;font:14px/1.4 Roboto,' +
      'Arial,sans-serif;color:#222;background:#f9f9f9;border:1px solid #d3d3d3;border-radius:3px;';
    var input = document.createElement('input');
    input.type = 'checkbox';
    input.id = 'emulated-recaptcha-' + id;
    input.style.cssText = 'width:24px;height:24px;margin:0;flex:none;cursor:pointer;';
    var label = document.createElement('label');
    label.htmlFor = input.id;
    label.textContent = "I'm not a robot";
    label.style.cssText = 'flex:1;cursor:pointer;';
    var left = document.createElement('div');
    left.style.cssText = 'display:flex;align-items:center;gap:12px;min-height:44px;';
    left.append(input, label);
    var brand = document.createElement('span');
    brand.textContent = 'reCAPTCHA emulator';
    brand.style.cssText = 'font-size:10px;color:#555;text-align:center;';
    box.append(left, brand);
    host.append(box);
    host.setAttribute('data-emulated-recaptcha', String(id));

    var widget = { input: input, token: '', timer: null };
    input.addEventListener('click', function (event) {
      // Once ticked it stays ticked until it expires or is reset, like Google's.
      if (widget.token) {
        event.preventDefault();
        return;
      }
      widget.token = newToken();
      widget.timer = setTimeout(function () {
        clear(widget);
        callback(options['expired-callback'] || host.getAttribute('data-expired-callback'));
      }, TOKEN_LIFETIME_MS);
      callback(options.callback || host.getAttribute('data-callback'), widget.token);
    });
    widgets.push(widget);
    return id;
  }

  window.grecaptcha = {
    render: render,
    getResponse: function (id) {
      return widgetOf(id).token;
    },
    reset: function (id) {
      clear(widgetOf(id));
    },
    ready: function (fn) {
      setTimeout(fn, 0);
    },
  };

  function start() {
    if (params.get('render') !== 'explicit') {
      document.querySelectorAll('.g-recaptcha[data-sitekey]').forEach(function (element) {
        render(element);
      });
    }
    if (params.get('onload')) callback(params.get('onload'));
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else setTimeout(start, 0);
})();
`;
