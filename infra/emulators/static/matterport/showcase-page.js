/* global window, document */
/*
 * The Showcase stand-in's own script (inlined into GET /matterport/show/ by src/vendors/matterport/showcase.ts).
 *
 * It walks the space's sweeps (the "Go to <room>" buttons, after the play button as in Showcase), keeps the
 * current sweep on <body data-sweep data-room data-floor>, and answers the SDK bundle
 * (static/matterport/showcase-sdk.js) of the page that frames it, over postMessage: only messages from its parent
 * window, each session answered at the origin it connected from. <body data-sdk-sessions> counts the SDK sessions
 * connected: a move made before the page's SDK connects reaches it only as the state it connects to.
 */
(function () {
  'use strict';

  var CHANNEL = 'matterport-showcase-emulator';
  var config = JSON.parse(document.getElementById('showcase-config').textContent);
  var space = config.space;
  var current = -1;
  /** session id -> the origin of the window that connected it */
  var sessions = new Map();

  function sweepIndex(sid) {
    for (var index = 0; index < space.sweeps.length; index++) {
      if (space.sweeps[index].sid === sid) return index;
    }
    return -1;
  }

  function render() {
    var body = document.body;
    var moves = document.getElementById('moves');
    var where = document.getElementById('where');
    if (current < 0) {
      body.removeAttribute('data-sweep');
      body.removeAttribute('data-room');
      body.removeAttribute('data-floor');
      return;
    }
    var sweep = space.sweeps[current];
    body.setAttribute('data-sweep', sweep.sid);
    body.setAttribute('data-room', sweep.room.label);
    body.setAttribute('data-floor', String(sweep.floorSequence));
    where.textContent = sweep.room.label + ' \u00b7 ' + sweep.room.floor.label;
    moves.hidden = false;
    moves.textContent = '';
    sweep.neighbors.forEach(function (sid) {
      var neighbour = space.sweeps[sweepIndex(sid)];
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Go to ' + neighbour.room.label;
      button.addEventListener('click', function () {
        moveTo(sid);
      });
      moves.appendChild(button);
    });
  }

  function post(origin, message) {
    message.channel = CHANNEL;
    window.parent.postMessage(message, origin);
  }

  function state() {
    return { sweep: current < 0 ? null : space.sweeps[current].sid };
  }

  function announce() {
    sessions.forEach(function (origin, session) {
      post(origin, { type: 'state', session: session, state: state() });
    });
  }

  function start() {
    if (current >= 0) return;
    var play = document.getElementById('play');
    if (play) play.remove();
    current = config.startIndex;
    render();
    announce();
  }

  function moveTo(sid) {
    var index = sweepIndex(sid);
    if (index < 0) return false;
    var play = document.getElementById('play');
    if (play) play.remove();
    current = index;
    render();
    announce();
    return true;
  }

  var play = document.getElementById('play');
  if (play) play.addEventListener('click', start);
  if (config.autoplay) start();

  function refusal(message) {
    if (!config.applicationKey) {
      return 'Showcase was opened without an SDK key: add applicationKey=<your SDK key> to the embed URL';
    }
    if (typeof message.applicationKey === 'string' && message.applicationKey !== config.applicationKey) {
      return 'The SDK key does not match the applicationKey Showcase was opened with';
    }
    return null;
  }

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (event.source !== window.parent || window.parent === window) return;
    if (!message || message.channel !== CHANNEL || typeof message.session !== 'string') return;
    if (message.type === 'connect') {
      if (sessions.has(message.session)) return;
      var refused = refusal(message);
      if (refused) {
        post(event.origin, { type: 'refused', session: message.session, message: refused });
        return;
      }
      sessions.set(message.session, event.origin);
      document.body.setAttribute('data-sdk-sessions', String(sessions.size));
      post(event.origin, {
        type: 'connected',
        session: message.session,
        space: space,
        state: state(),
      });
      return;
    }
    // Past the handshake, a session is only heard from the origin that opened it.
    if (sessions.get(message.session) !== event.origin) return;
    if (message.type === 'moveTo') {
      var moved = moveTo(message.sid);
      post(event.origin, {
        type: 'answer',
        session: message.session,
        request: message.request,
        result: moved ? message.sid : undefined,
        error: moved ? undefined : 'Sweep.moveTo: no sweep with id ' + String(message.sid) + ' in this space',
      });
    } else if (message.type === 'disconnect') {
      sessions.delete(message.session);
    }
  });
})();
