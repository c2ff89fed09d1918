/* global window, document, URLSearchParams */
/*
 * Stripe.js stand-in, served by the vendor emulators at /stripe-js/v3.js (hand-written, no build step).
 *
 * Real Stripe.js cannot load offline. Load this script before the app; `loadStripe` from
 * `@stripe/stripe-js/pure` then finds `window.Stripe` and uses it. It talks to the Stripe emulator at the
 * origin the script was loaded from, with the publishable key, the way Stripe.js does: payment methods are
 * created from the card fields, intents confirmed with their client secret, and 3-D Secure shows a test page
 * with "Complete authentication" and "Fail authentication" buttons.
 *
 * Covered: Stripe(pk) -> elements(options) -> create('card' | 'payment'), getElement, update, submit;
 * element mount, unmount, destroy, on/off/once('change' | 'ready' | 'focus' | 'blur'), update, focus, blur,
 * clear; createPaymentMethod, confirmCardSetup, confirmCardPayment, handleCardAction, handleNextAction,
 * confirmSetup, confirmPayment, retrievePaymentIntent, retrieveSetupIntent.
 */
(function () {
  'use strict';

  var script = document.currentScript ||
    document.querySelector('script[src*="/stripe-js/v3"]') || { src: window.location.href };
  var API = new URL(script.src, window.location.href).origin + '/v1';

  // ---- HTTP ----

  /** Stripe's nested form encoding: card[number]=…, billing_details[address][city]=…. */
  function encode(params, prefix, pairs) {
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      var name = prefix ? prefix + '[' + key + ']' : key;
      if (value === undefined || value === null) return;
      if (typeof value === 'object') encode(value, name, pairs);
      else pairs.push([name, String(value)]);
    });
    return pairs;
  }

  async function call(key, method, path, params) {
    var query = new URLSearchParams(encode(Object.assign({ key: key }, params || {}), '', []));
    var url = API + path + (method === 'GET' ? '?' + query.toString() : '');
    var init = { method: method, headers: {} };
    if (method !== 'GET') {
      init.headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = query.toString();
    }
    try {
      var response = await fetch(url, init);
      var body = await response.json();
      return response.ok
        ? { ok: body }
        : { error: body.error || { type: 'api_error', message: 'Request failed' } };
    } catch (failure) {
      return {
        error: { type: 'api_connection_error', message: String((failure && failure.message) || failure) },
      };
    }
  }

  function intentIdOf(clientSecret) {
    var id = String(clientSecret || '').split('_secret_')[0];
    if (!/^(pi|seti)_/.test(id)) throw new Error('Invalid value for clientSecret: ' + clientSecret);
    return id;
  }

  // ---- Card fields ----

  function brandOf(number) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    return 'unknown';
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i += 1) {
      var digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  var MESSAGES = {
    incomplete_number: 'Your card number is incomplete.',
    invalid_number: 'Your card number is invalid.',
    incomplete_expiry: "Your card's expiration date is incomplete.",
    invalid_expiry_month: "Your card's expiration month is invalid.",
    invalid_expiry_year_past: "Your card's expiration year is in the past.",
    incomplete_cvc: "Your card's security code is incomplete.",
  };

  function validationError(code) {
    return { type: 'validation_error', code: code, message: MESSAGES[code] };
  }

  /** The first problem of the card fields, or null when complete. */
  function problemOf(card) {
    var number = card.number;
    if (number.length < 13) return 'incomplete_number';
    if (!luhn(number)) return 'invalid_number';
    if (card.month.length < 2 || card.year.length < 2) return 'incomplete_expiry';
    var month = Number(card.month);
    if (month < 1 || month > 12) return 'invalid_expiry_month';
    var year = 2000 + Number(card.year);
    var now = new Date();
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
      return 'invalid_expiry_year_past';
    }
    if (card.cvc.length < 3) return 'incomplete_cvc';
    return null;
  }

  function input(label, placeholder, maxLength, autocomplete, width) {
    var field = document.createElement('input');
    field.type = 'text';
    field.inputMode = 'numeric';
    field.setAttribute('aria-label', label);
    field.placeholder = placeholder;
    field.maxLength = maxLength;
    field.autocomplete = autocomplete;
    field.style.cssText =
      'font:inherit;border:0;outline:0;background:transparent;padding:0;margin:0 8px 0 0;min-width:0;width:' +
      width;
    return field;
  }

  /** A card element ('card', or the card form of the 'payment' element): number, MM, YY, CVC. */
  function CardElement(type, options) {
    this._type = type;
    this._options = options || {};
    this._handlers = {};
    this._parent = null;
    this._root = document.createElement('div');
    this._root.className = 'StripeElement StripeElement--empty';
    this._root.setAttribute('data-stripe-emulator', type);
    this._root.setAttribute('role', 'group');
    this._root.setAttribute('aria-label', type === 'payment' ? 'Payment details' : 'Card details');
    this._root.style.cssText = 'display:flex;align-items:center;padding:8px 0;';
    this._number = input('Card number', '1234 1234 1234 1234', 23, 'cc-number', '12em');
    this._month = input('Expiration month (MM)', 'MM', 2, 'cc-exp-month', '2.5em');
    this._year = input('Expiration year (YY)', 'YY', 2, 'cc-exp-year', '2.5em');
    this._cvc = input('CVC', 'CVC', 4, 'cc-csc', '3.5em');
    [this._number, this._month, this._year, this._cvc].forEach((field) => {
      this._root.appendChild(field);
      field.addEventListener('input', () => {
        field.value = field.value.replace(field === this._number ? /[^\d ]/g : /\D/g, '');
        this._emit('change', this._state());
      });
      field.addEventListener('focus', () => {
        this._root.classList.add('StripeElement--focus');
        this._emit('focus', { elementType: this._type });
      });
      field.addEventListener('blur', () => {
        this._root.classList.remove('StripeElement--focus');
        this._emit('blur', { elementType: this._type });
      });
    });
    this.update(this._options);
  }

  CardElement.prototype._card = function () {
    return {
      number: this._number.value.replace(/\D/g, ''),
      month: this._month.value,
      year: this._year.value,
      cvc: this._cvc.value,
    };
  };

  CardElement.prototype._state = function () {
    var card = this._card();
    var empty = !card.number && !card.month && !card.year && !card.cvc;
    var problem = problemOf(card);
    var shown = problem && /^invalid/.test(problem) ? validationError(problem) : undefined;
    this._root.classList.toggle('StripeElement--empty', empty);
    this._root.classList.toggle('StripeElement--complete', !problem);
    this._root.classList.toggle('StripeElement--invalid', Boolean(shown));
    var state = {
      elementType: this._type,
      empty: empty,
      complete: !problem,
      brand: brandOf(card.number),
      value: this._type === 'payment' ? { type: 'card' } : { postalCode: '' },
    };
    if (shown) state.error = shown;
    return state;
  };

  /** `card[...]` for POST /v1/payment_methods, or a validation error. */
  CardElement.prototype._paymentMethodCard = function () {
    var card = this._card();
    var problem = problemOf(card);
    if (problem) return { error: validationError(problem) };
    return { card: { number: card.number, exp_month: card.month, exp_year: card.year, cvc: card.cvc } };
  };

  CardElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };

  CardElement.prototype.mount = function (target) {
    var parent = typeof target === 'string' ? document.querySelector(target) : target;
    if (!parent) throw new Error('The selector you specified (' + target + ') applies to no DOM elements.');
    this._parent = parent;
    parent.appendChild(this._root);
    setTimeout(() => this._emit('ready', { elementType: this._type }), 0);
  };

  CardElement.prototype.unmount = function () {
    if (this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this._parent = null;
  };

  CardElement.prototype.destroy = function () {
    this.unmount();
    this._handlers = {};
    if (this._elements) delete this._elements._created[this._type];
  };

  CardElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };

  CardElement.prototype.once = function (event, handler) {
    var wrapped = (payload) => {
      this.off(event, wrapped);
      handler(payload);
    };
    return this.on(event, wrapped);
  };

  CardElement.prototype.off = function (event, handler) {
    if (!handler) delete this._handlers[event];
    else this._handlers[event] = (this._handlers[event] || []).filter((h) => h !== handler);
    return this;
  };

  CardElement.prototype.update = function (options) {
    Object.assign(this._options, options || {});
    var base = (this._options.style && this._options.style.base) || {};
    if (base.fontSize) this._root.style.fontSize = base.fontSize;
    if (base.color) this._root.style.color = base.color;
    this._root.toggleAttribute('aria-disabled', Boolean(this._options.disabled));
    [this._number, this._month, this._year, this._cvc].forEach((field) => {
      field.disabled = Boolean(this._options.disabled);
    });
  };

  CardElement.prototype.focus = function () {
    this._number.focus();
  };

  CardElement.prototype.blur = function () {
    var active = document.activeElement;
    if (active && this._root.contains(active)) active.blur();
  };

  CardElement.prototype.clear = function () {
    [this._number, this._month, this._year, this._cvc].forEach(function (field) {
      field.value = '';
    });
    this._emit('change', this._state());
  };

  /** Elements the emulator does not model (address, link, express checkout…): mount nothing, stay quiet. */
  function InertElement(type) {
    CardElement.call(this, type, {});
    this._root.textContent = '';
    this._root.removeAttribute('role');
  }
  InertElement.prototype = Object.create(CardElement.prototype);
  InertElement.prototype._paymentMethodCard = function () {
    return {
      error: { type: 'validation_error', message: 'The ' + this._type + ' element is not emulated.' },
    };
  };

  function Elements(options) {
    this._options = Object.assign({}, options || {});
    this._created = {};
  }

  Elements.prototype.create = function (type, options) {
    if (this._created[type]) throw new Error('Can only create one Element of type ' + type + '.');
    var element =
      type === 'card' || type === 'payment' ? new CardElement(type, options) : new InertElement(type);
    element._elements = this;
    this._created[type] = element;
    return element;
  };

  Elements.prototype.getElement = function (typeOrComponent) {
    var type =
      typeof typeOrComponent === 'string'
        ? typeOrComponent
        : typeOrComponent && typeOrComponent.__elementType;
    return this._created[type] || null;
  };

  Elements.prototype.update = function (options) {
    Object.assign(this._options, options || {});
  };

  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };

  Elements.prototype._cardElement = function () {
    return this._created.payment || this._created.card || null;
  };

  Elements.prototype.submit = function () {
    var element = this._cardElement();
    if (!element)
      return Promise.resolve({ error: { type: 'validation_error', message: 'No payment element.' } });
    var card = element._paymentMethodCard();
    return Promise.resolve(card.error ? { error: card.error } : { selectedPaymentMethod: 'card' });
  };

  // ---- 3-D Secure test page ----

  /** Resolves 'complete' or 'fail', as the person chooses on Stripe's test authentication page. */
  function authenticationPage() {
    return new Promise(function (resolve) {
      var previous = document.activeElement;
      var overlay = document.createElement('div');
      overlay.setAttribute('data-stripe-emulator', '3ds');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;';
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'stripe-emulator-3ds-title');
      dialog.setAttribute('aria-describedby', 'stripe-emulator-3ds-text');
      dialog.style.cssText =
        'background:#fff;color:#1a1f36;border-radius:8px;padding:24px;max-width:420px;font:16px/1.4 system-ui,sans-serif;';
      var title = document.createElement('h2');
      title.id = 'stripe-emulator-3ds-title';
      title.textContent = '3D Secure test payment page';
      title.style.cssText = 'margin:0 0 8px;font-size:20px;';
      var text = document.createElement('p');
      text.id = 'stripe-emulator-3ds-text';
      text.textContent =
        'This is a test authentication from the Stripe emulator. Complete or fail it to see how your page responds.';
      var actions = document.createElement('div');
      actions.style.cssText = 'display:flex;gap:8px;margin-top:16px;';
      function finish(outcome) {
        document.removeEventListener('keydown', onKey, true);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (previous && typeof previous.focus === 'function') previous.focus();
        resolve(outcome);
      }
      function button(label, outcome, primary) {
        var element = document.createElement('button');
        element.type = 'button';
        element.textContent = label;
        element.style.cssText =
          'font:inherit;padding:8px 14px;border-radius:6px;cursor:pointer;border:1px solid #635bff;' +
          (primary ? 'background:#635bff;color:#fff;' : 'background:#fff;color:#635bff;');
        element.addEventListener('click', function () {
          finish(outcome);
        });
        return element;
      }
      var complete = button('Complete authentication', 'complete', true);
      var fail = button('Fail authentication', 'fail', false);
      function onKey(event) {
        if (event.key === 'Escape') finish('fail');
        if (event.key === 'Tab') {
          event.preventDefault();
          (document.activeElement === complete ? fail : complete).focus();
        }
      }
      document.addEventListener('keydown', onKey, true);
      actions.appendChild(complete);
      actions.appendChild(fail);
      dialog.appendChild(title);
      dialog.appendChild(text);
      dialog.appendChild(actions);
      overlay.appendChild(dialog);
      document.body.appendChild(overlay);
      complete.focus();
    });
  }

  // ---- Stripe ----

  function Stripe(publishableKey, options) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey, options);
    if (typeof publishableKey !== 'string' || !/^pk_test_/.test(publishableKey)) {
      throw new Error('The Stripe emulator takes test publishable keys (pk_test_…); got ' + publishableKey);
    }
    this._key = publishableKey;
    this._options = options || {};
  }

  Stripe.version = 'endive';

  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.registerAppInfo = function () {};

  Stripe.prototype.elements = function (options) {
    return new Elements(options);
  };

  /** A payment method id for `data.payment_method`: an id, or the card of an element. */
  Stripe.prototype._paymentMethod = async function (paymentMethod, billingDetails) {
    if (typeof paymentMethod === 'string') return { id: paymentMethod };
    var element = paymentMethod && paymentMethod.card;
    if (!element) return {};
    var created = await this.createPaymentMethod({
      type: 'card',
      card: element,
      billing_details: (paymentMethod && paymentMethod.billing_details) || billingDetails,
    });
    return created.error ? { error: created.error } : { id: created.paymentMethod.id };
  };

  Stripe.prototype.createPaymentMethod = async function (params) {
    var element = params.card || (params.elements && params.elements._cardElement());
    if (!element || typeof element._paymentMethodCard !== 'function') {
      return { error: { type: 'invalid_request_error', message: 'Pass a card element (card) or elements.' } };
    }
    var card = element._paymentMethodCard();
    if (card.error) return { error: card.error };
    var billing = params.billing_details || (params.params && params.params.billing_details);
    var result = await call(this._key, 'POST', '/payment_methods', {
      type: 'card',
      card: card.card,
      billing_details: billing,
    });
    return result.error ? { error: result.error } : { paymentMethod: result.ok };
  };

  Stripe.prototype.createToken = async function () {
    return {
      error: { type: 'invalid_request_error', message: 'Tokens are not emulated; use createPaymentMethod.' },
    };
  };

  Stripe.prototype.paymentRequest = function () {
    return {
      canMakePayment: () => Promise.resolve(null),
      on: function () {},
      off: function () {},
      show: function () {},
    };
  };

  function kindOf(clientSecret) {
    return intentIdOf(clientSecret).indexOf('pi_') === 0 ? 'paymentIntent' : 'setupIntent';
  }

  function errorOf(intent, kind) {
    var last = kind === 'paymentIntent' ? intent.last_payment_error : intent.last_setup_error;
    var error = Object.assign({}, last);
    error[kind === 'paymentIntent' ? 'payment_intent' : 'setup_intent'] = intent;
    return error;
  }

  /** An intent after an attempt: authentication when asked for, then `{paymentIntent}` or `{error}`. */
  Stripe.prototype._settle = async function (intent, kind, handleActions) {
    if (intent.status === 'requires_action' && handleActions !== false) {
      var outcome = await authenticationPage();
      var authenticated = await call(this._key, 'POST', '/_authenticate', {
        client_secret: intent.client_secret,
        outcome: outcome,
      });
      if (authenticated.error) return { error: authenticated.error };
      intent = authenticated.ok;
    }
    if (
      intent.status === 'requires_payment_method' &&
      (intent.last_payment_error || intent.last_setup_error)
    ) {
      return { error: errorOf(intent, kind) };
    }
    var result = {};
    result[kind] = intent;
    return result;
  };

  Stripe.prototype._confirm = async function (clientSecret, data, options) {
    var kind = kindOf(clientSecret);
    var path =
      (kind === 'paymentIntent' ? '/payment_intents/' : '/setup_intents/') + intentIdOf(clientSecret);
    var method = await this._paymentMethod(data && data.payment_method, data && data.billing_details);
    if (method.error) return { error: method.error };
    var params = { client_secret: clientSecret };
    if (method.id) params.payment_method = method.id;
    if (data && data.setup_future_usage) params.setup_future_usage = data.setup_future_usage;
    var confirmed = await call(this._key, 'POST', path + '/confirm', params);
    if (confirmed.error) return { error: confirmed.error };
    return this._settle(confirmed.ok, kind, options && options.handleActions);
  };

  Stripe.prototype.confirmCardSetup = function (clientSecret, data, options) {
    return this._confirm(clientSecret, data, options);
  };

  Stripe.prototype.confirmCardPayment = function (clientSecret, data, options) {
    return this._confirm(clientSecret, data, options);
  };

  Stripe.prototype._retrieve = async function (clientSecret) {
    var kind = kindOf(clientSecret);
    var path =
      (kind === 'paymentIntent' ? '/payment_intents/' : '/setup_intents/') + intentIdOf(clientSecret);
    var found = await call(this._key, 'GET', path, { client_secret: clientSecret });
    if (found.error) return { error: found.error };
    var result = {};
    result[kind] = found.ok;
    return result;
  };

  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    return this._retrieve(clientSecret);
  };

  Stripe.prototype.retrieveSetupIntent = function (clientSecret) {
    return this._retrieve(clientSecret);
  };

  /** 3-D Secure for an intent confirmed on the server (`requires_action`). */
  Stripe.prototype.handleNextAction = async function (params) {
    var clientSecret = params && params.clientSecret;
    var found = await this._retrieve(clientSecret);
    if (found.error) return found;
    var kind = kindOf(clientSecret);
    return this._settle(found[kind], kind, true);
  };

  Stripe.prototype.handleCardAction = function (clientSecret) {
    return this.handleNextAction({ clientSecret: clientSecret });
  };

  Stripe.prototype.handleCardSetup = function (clientSecret, element, data) {
    return this._confirm(clientSecret, Object.assign({ payment_method: { card: element } }, data));
  };

  /** confirmPayment / confirmSetup with the Payment Element; redirects only when not `if_required`. */
  Stripe.prototype._confirmWithElements = async function (options) {
    var elements = options.elements;
    var clientSecret = options.clientSecret || (elements && elements._options.clientSecret);
    if (!clientSecret) return { error: { type: 'invalid_request_error', message: 'Missing clientSecret.' } };
    var confirmParams = options.confirmParams || {};
    var data = {};
    if (elements && elements._cardElement()) {
      data.payment_method = {
        card: elements._cardElement(),
        billing_details:
          confirmParams.payment_method_data && confirmParams.payment_method_data.billing_details,
      };
    } else if (confirmParams.payment_method) {
      data.payment_method = confirmParams.payment_method;
    }
    var result = await this._confirm(clientSecret, data, {});
    if (result.error || options.redirect === 'if_required' || !confirmParams.return_url) return result;
    var kind = kindOf(clientSecret);
    var prefix = kind === 'paymentIntent' ? 'payment_intent' : 'setup_intent';
    var target = new URL(confirmParams.return_url, window.location.href);
    target.searchParams.set(prefix, result[kind].id);
    target.searchParams.set(prefix + '_client_secret', clientSecret);
    target.searchParams.set('redirect_status', 'succeeded');
    window.location.assign(target.toString());
    return result;
  };

  Stripe.prototype.confirmPayment = function (options) {
    return this._confirmWithElements(options || {});
  };

  Stripe.prototype.confirmSetup = function (options) {
    return this._confirmWithElements(options || {});
  };

  window.Stripe = Stripe;
})();
