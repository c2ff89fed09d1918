/* global window, document, HTMLIFrameElement */
/*
 * Matterport Showcase SDK stand-in (the embed SDK's client), served by the vendor emulators at
 * /matterport/showcase-sdk/latest.js and /matterport/showcase-sdk/<build>/sdk.js, as Matterport serves
 * https://static.matterport.com/showcase-sdk/latest.js (hand-written, no build step).
 *
 * Loading it defines window.MP_SDK. `MP_SDK.connect(iframe, applicationKey?, version?)` connects to the Showcase
 * stand-in (GET /matterport/show/ of the same emulators) in that iframe and resolves to an sdk object with the
 * part of the SDK the platform reads:
 *   Sweep.current, Sweep.data, Sweep.moveTo(sid), Floor.current, Floor.data, Room.current, Room.data,
 *   Mode.current, Mode.Mode, disconnect().
 * Observables take a callback or an { onChanged } observer and call it at once with the current value;
 * collections take { onAdded, onCollectionUpdated }; both return { cancel() }.
 *
 * Refused as the real SDK refuses: a target that is not an iframe of this Showcase, a Showcase opened without
 * applicationKey (or with another key), a version that is not 3.x, a sweep id the space does not have.
 * It talks to the page over postMessage (static/matterport/showcase-page.js): messages carry
 * channel 'matterport-showcase-emulator' and a session id, and only the framed page's window at the Showcase's
 * origin is listened to.
 */
(function () {
  'use strict';

  var CHANNEL = 'matterport-showcase-emulator';
  var CONNECT_RETRY_MS = 100;
  var CONNECT_TIMEOUT_MS = 15000;

  var script = document.currentScript ||
    document.querySelector('script[src*="/showcase-sdk/"]') || { src: window.location.href };
  var scriptUrl = new URL(script.src, window.location.href);
  // The Showcase stand-in is served beside this script: <origin>/matterport/showcase-sdk/... -> <origin>/matterport/show/
  var vendorPath = scriptUrl.pathname.slice(0, scriptUrl.pathname.indexOf('/showcase-sdk/'));
  var SHOWCASE_ORIGIN = scriptUrl.origin;
  var SHOWCASE_PATH = vendorPath + '/show';

  var sessionCount = 0;

  function isShowcase(iframe) {
    var src;
    try {
      src = new URL(iframe.src, window.location.href);
    } catch {
      return false;
    }
    return (
      src.origin === SHOWCASE_ORIGIN &&
      (src.pathname === SHOWCASE_PATH || src.pathname === SHOWCASE_PATH + '/') &&
      !!src.searchParams.get('m')
    );
  }

  function subscription(set, entry) {
    set.add(entry);
    return {
      cancel: function () {
        set.delete(entry);
      },
    };
  }

  /** An IObservable: subscribe(callback | { onChanged }) calls back at once and on every change. */
  function observable(read) {
    var observers = new Set();
    function call(observer) {
      var value = read();
      if (typeof observer === 'function') observer(value);
      else if (observer && typeof observer.onChanged === 'function') observer.onChanged(value);
    }
    return {
      api: {
        subscribe: function (observer) {
          call(observer);
          return subscription(observers, observer);
        },
        waitUntil: function (condition) {
          return new Promise(function (resolve) {
            var sub = { cancel: function () {} };
            var done = false;
            function check(value) {
              var met = typeof condition === 'function' ? condition(value) : condition.waitUntil(value);
              if (met && !done) {
                done = true;
                sub.cancel();
                resolve(value);
              }
            }
            sub = subscription(observers, check);
            check(read());
          });
        },
      },
      changed: function () {
        observers.forEach(call);
      },
      clear: function () {
        observers.clear();
      },
    };
  }

  /** An IObservableMap whose items never change (a space's sweeps, floors and rooms). */
  function collection(items) {
    return {
      subscribe: function (observer) {
        Object.keys(items).forEach(function (key) {
          if (observer.onAdded) observer.onAdded(key, items[key], items);
        });
        if (observer.onCollectionUpdated) observer.onCollectionUpdated(items);
        return { cancel: function () {} };
      },
    };
  }

  function connect(target, keyOrOptions, version) {
    return new Promise(function (resolve, reject) {
      if (!(target instanceof HTMLIFrameElement)) {
        reject(new Error('MP_SDK.connect: the target must be the <iframe> of an embedded Showcase'));
        return;
      }
      if (!isShowcase(target)) {
        reject(
          new Error('MP_SDK.connect: the iframe does not show Matterport Showcase (' + target.src + ')'),
        );
        return;
      }
      if (version !== undefined && version !== '' && !/^3\.\d+(\.\d+)?$/.test(String(version))) {
        reject(new Error('MP_SDK.connect: unsupported SDK version ' + String(version) + ' (3.x)'));
        return;
      }
      var applicationKey =
        typeof keyOrOptions === 'string'
          ? keyOrOptions
          : new URL(target.src, window.location.href).searchParams.get('applicationKey') || '';
      sessionCount += 1;
      var session = 'mp-' + sessionCount + '-' + Math.random().toString(36).slice(2);
      var space = null;
      var sweepId = null;
      var pending = new Map();
      var requests = 0;
      var closed = false;

      function send(message) {
        if (!target.contentWindow) return;
        message.channel = CHANNEL;
        message.session = session;
        target.contentWindow.postMessage(message, SHOWCASE_ORIGIN);
      }

      function sweepOf(sid) {
        for (var index = 0; space && index < space.sweeps.length; index++) {
          if (space.sweeps[index].sid === sid) return space.sweeps[index];
        }
        return null;
      }

      function floorOf(sweep) {
        return space.floors[sweep.floorSequence];
      }

      function sweepData(sweep) {
        return {
          id: sweep.sid,
          sid: sweep.sid,
          uuid: sweep.uuid,
          enabled: true,
          alignmentType: 'aligned',
          placementType: 'auto',
          floorInfo: { id: sweep.room.floor.id, sequence: sweep.floorSequence },
          roomInfo: { id: sweep.room.id },
          neighbors: sweep.neighbors.slice(),
          position: { x: sweep.position.x, y: sweep.position.y, z: sweep.position.z },
          puckPosition: { x: sweep.position.x, y: sweep.position.y - 1.5, z: sweep.position.z },
          rotation: { x: 0, y: 0, z: 0 },
        };
      }

      function roomData(room) {
        var sequence = 0;
        space.floors.forEach(function (floor, index) {
          if (floor.id === room.floor.id) sequence = index;
        });
        var sweep = null;
        space.sweeps.forEach(function (candidate) {
          if (candidate.room.id === room.id) sweep = candidate;
        });
        var center = sweep ? sweep.position : { x: 0, y: 0, z: 0 };
        return {
          id: room.id,
          label: room.label,
          floorInfo: { id: room.floor.id, sequence: sequence },
          center: { x: center.x, y: center.y, z: center.z },
          size: { x: 3, y: 2.5, z: 3 },
          bounds: {
            min: { x: center.x - 1.5, y: center.y - 1.5, z: center.z - 1.5 },
            max: { x: center.x + 1.5, y: center.y + 1, z: center.z + 1.5 },
          },
        };
      }

      // Before the visitor presses play (or between sweeps), Showcase stands nowhere: empty values, as the SDK's.
      var currentSweep = observable(function () {
        var sweep = sweepOf(sweepId);
        if (sweep) return sweepData(sweep);
        return {
          id: '',
          sid: '',
          uuid: '',
          enabled: false,
          alignmentType: 'aligned',
          placementType: 'unplaced',
          floorInfo: { id: undefined, sequence: undefined },
          roomInfo: { id: undefined },
          neighbors: [],
          position: { x: 0, y: 0, z: 0 },
          puckPosition: { x: 0, y: 0, z: 0 },
          rotation: { x: 0, y: 0, z: 0 },
        };
      });
      var currentFloor = observable(function () {
        var sweep = sweepOf(sweepId);
        if (!sweep) return { id: undefined, name: '', sequence: undefined };
        var floor = floorOf(sweep);
        return { id: floor.id, name: floor.label, sequence: floor.sequence };
      });
      var currentRooms = observable(function () {
        var sweep = sweepOf(sweepId);
        return { rooms: sweep ? [roomData(sweep.room)] : [] };
      });
      var currentMode = observable(function () {
        return sweepOf(sweepId) ? 'mode.inside' : 'mode.transitioning';
      });
      var observables = [currentSweep, currentFloor, currentRooms, currentMode];

      function stop() {
        closed = true;
        window.clearInterval(retry);
        window.clearTimeout(timeout);
        window.removeEventListener('message', listen);
        observables.forEach(function (one) {
          one.clear();
        });
        pending.forEach(function (request) {
          request.reject(new Error('The SDK was disconnected'));
        });
        pending.clear();
      }

      function sdkObject() {
        var sweeps = {};
        space.sweeps.forEach(function (sweep) {
          sweeps[sweep.sid] = sweepData(sweep);
        });
        var floors = {};
        space.floors.forEach(function (floor) {
          floors[floor.id] = { id: floor.id, name: floor.label, sequence: floor.sequence };
        });
        var rooms = {};
        space.rooms.forEach(function (room) {
          rooms[room.id] = roomData(room);
        });
        return {
          Sweep: {
            current: currentSweep.api,
            data: collection(sweeps),
            Transition: { FLY: 'transition.fly', INSTANT: 'transition.instant', FADEOUT: 'transition.fade' },
            moveTo: function (sid) {
              if (closed) return Promise.reject(new Error('The SDK was disconnected'));
              if (typeof sid !== 'string' || !sweepOf(sid)) {
                return Promise.reject(
                  new Error('Sweep.moveTo: no sweep with id ' + String(sid) + ' in this space'),
                );
              }
              return new Promise(function (resolveMove, rejectMove) {
                requests += 1;
                pending.set(requests, { resolve: resolveMove, reject: rejectMove });
                send({ type: 'moveTo', request: requests, sid: sid });
              });
            },
          },
          Floor: { current: currentFloor.api, data: collection(floors) },
          Room: { current: currentRooms.api, data: collection(rooms) },
          Mode: {
            current: currentMode.api,
            Mode: {
              INSIDE: 'mode.inside',
              OUTSIDE: 'mode.outside',
              DOLLHOUSE: 'mode.dollhouse',
              FLOORPLAN: 'mode.floorplan',
              TRANSITIONING: 'mode.transitioning',
            },
          },
          disconnect: function () {
            if (closed) return;
            send({ type: 'disconnect' });
            stop();
          },
        };
      }

      function listen(event) {
        var message = event.data;
        if (event.source !== target.contentWindow || event.origin !== SHOWCASE_ORIGIN) return;
        if (!message || message.channel !== CHANNEL || message.session !== session || closed) return;
        if (message.type === 'refused') {
          stop();
          reject(new Error('MP_SDK.connect: ' + message.message));
        } else if (message.type === 'connected') {
          if (space) return;
          window.clearInterval(retry);
          window.clearTimeout(timeout);
          space = message.space;
          sweepId = message.state.sweep;
          resolve(sdkObject());
        } else if (message.type === 'state' && space) {
          sweepId = message.state.sweep;
          observables.forEach(function (one) {
            one.changed();
          });
        } else if (message.type === 'answer') {
          var request = pending.get(message.request);
          if (!request) return;
          pending.delete(message.request);
          if (message.error) request.reject(new Error(message.error));
          else request.resolve(message.result);
        }
      }

      window.addEventListener('message', listen);
      // The iframe may still be loading: the handshake is sent again until Showcase answers.
      function hello() {
        send({
          type: 'connect',
          applicationKey: applicationKey,
          version: version === undefined ? '' : version,
        });
      }
      var retry = window.setInterval(hello, CONNECT_RETRY_MS);
      var timeout = window.setTimeout(function () {
        stop();
        reject(
          new Error('MP_SDK.connect: Showcase did not answer within ' + CONNECT_TIMEOUT_MS / 1000 + ' s'),
        );
      }, CONNECT_TIMEOUT_MS);
      hello();
    });
  }

  window.MP_SDK = { connect: connect };
})();
