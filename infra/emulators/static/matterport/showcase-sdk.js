/* global window, document, HTMLIFrameElement */
/*
 * Matterport Showcase SDK stand-in (the embed SDK's client), served by the vendor emulators at
 * /matterport/showcase-sdk/latest.js and /matterport/showcase-sdk/<build>/sdk.js, as Matterport serves
 * https://static.matterport.com/showcase-sdk/latest.js (hand-written, no build step).
 *
 * Loading it defines window.MP_SDK. `MP_SDK.connect(iframe, applicationKey?, version?)` connects to the Showcase
 * stand-in (GET /matterport/show/ of the same emulators) in that iframe and resolves to an sdk object with the
 * part of the SDK 3.x the platform calls, in its shapes:
 *   Sweep.current, Sweep.data, Sweep.moveTo(sid, { rotation, transition, transitionTime }), Sweep.Transition,
 *   Floor.current, Floor.data, Room.current, Room.data,
 *   Camera.pose ({ position, rotation, projection, sweep, mode }), Camera.setRotation(rotation),
 *   Mode.current, Mode.moveTo(mode), Mode.Mode,
 *   Tag.add(...descriptors) -> ids, Tag.remove(...ids), Tag.open(id), Tag.close(id), Tag.editBillboard(id, props),
 *   Tag.editColor(id, color), Tag.registerIcon(iconId, src), Tag.editIcon(id, iconId), Tag.data, Tag.openTags,
 *   Mattertag.Event.CLICK ('tag.click', heard with on(event, handler) / off),
 *   Pointer.intersection ({ position, normal, floorIndex, object }: where a click on the stand-in's floor met the
 *   model; Matterport's follows the pointer), Pointer.Colliders,
 *   on, off, disconnect().
 * Observables take a callback or an { onChanged } observer and call it at once with the current value, then at each
 * change of it; collections take { onAdded, onRemoved, onUpdated, onCollectionUpdated }; both return { cancel() }.
 *
 * Refused as the real SDK refuses: a target that is not an iframe of this Showcase, a Showcase opened without
 * applicationKey (or with another key), a version that is not 3.x, a sweep id the space does not have, a tag
 * without anchorPosition or stemVector, a colour that is not {r, g, b} in 0..1, an icon not registered, a tag id
 * the space does not show, an unknown mode or transition. Showcase's page (showcase-page.js) keeps the state and
 * checks the calls; this client mirrors the state it is told.
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
  /** Camera.pose.projection: the stand-in draws no perspective. */
  var IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

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

  /** An IObservable: subscribe(callback | { onChanged }) calls back at once and at every change of its value. */
  function observable(read) {
    var observers = new Set();
    var last = '';
    function call(observer, value) {
      if (value === undefined) value = read();
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
        var value = read();
        var now = JSON.stringify(value, replacer);
        if (now === last) return;
        last = now;
        observers.forEach(function (observer) {
          call(observer, value);
        });
      },
      /** Takes the value now as the one observers know (at connection, before anyone subscribed). */
      settle: function () {
        last = JSON.stringify(read(), replacer);
      },
      clear: function () {
        observers.clear();
      },
    };
  }

  /** Sets compared by their items (Tag.openTags.selected). */
  function replacer(_key, value) {
    return value instanceof Set ? Array.from(value) : value;
  }

  /** An IObservableMap whose items change (the tags): observers hear each added, removed and updated item. */
  function changingCollection(read) {
    var observers = new Set();
    var items = read();
    function copy() {
      var all = {};
      Object.keys(items).forEach(function (key) {
        all[key] = items[key];
      });
      return all;
    }
    return {
      api: {
        subscribe: function (observer) {
          var all = copy();
          Object.keys(all).forEach(function (key) {
            if (observer.onAdded) observer.onAdded(key, all[key], all);
          });
          if (observer.onCollectionUpdated) observer.onCollectionUpdated(all);
          return subscription(observers, observer);
        },
      },
      changed: function () {
        var before = items;
        items = read();
        var all = copy();
        var changed = false;
        observers.forEach(function (observer) {
          Object.keys(before).forEach(function (key) {
            if (!(key in items) && observer.onRemoved) observer.onRemoved(key, before[key], all);
          });
          Object.keys(items).forEach(function (key) {
            if (!(key in before)) {
              if (observer.onAdded) observer.onAdded(key, items[key], all);
            } else if (JSON.stringify(before[key]) !== JSON.stringify(items[key])) {
              if (observer.onUpdated) observer.onUpdated(key, items[key], all);
            }
          });
        });
        Object.keys(before).forEach(function (key) {
          if (!(key in items) || JSON.stringify(before[key]) !== JSON.stringify(items[key])) changed = true;
        });
        Object.keys(items).forEach(function (key) {
          if (!(key in before)) changed = true;
        });
        if (!changed) return;
        observers.forEach(function (observer) {
          if (observer.onCollectionUpdated) observer.onCollectionUpdated(all);
        });
      },
      settle: function () {
        items = read();
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
      /** The space's state as Showcase last told it (see showcase-page.js `state()`). */
      var shown = {
        sweep: null,
        rotation: { x: 0, y: 0 },
        mode: 'mode.transitioning',
        tags: [],
        openTag: null,
        pointer: null,
      };
      /** event name -> its handlers (on/off) */
      var handlers = new Map();
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
        return sweepOf(sweepId) ? shown.mode : 'mode.transitioning';
      });
      var cameraPose = observable(function () {
        var sweep = sweepOf(sweepId);
        return {
          position: sweep
            ? { x: sweep.position.x, y: sweep.position.y, z: sweep.position.z }
            : { x: 0, y: 0, z: 0 },
          rotation: { x: shown.rotation.x, y: shown.rotation.y },
          projection: IDENTITY.slice(),
          sweep: sweep ? sweep.sid : '',
          mode: sweep ? shown.mode : 'mode.transitioning',
        };
      });
      var openTags = observable(function () {
        return { hovered: null, docked: null, selected: new Set(shown.openTag ? [shown.openTag] : []) };
      });
      var intersection = observable(function () {
        var pointer = shown.pointer;
        if (!pointer) {
          return {
            position: { x: 0, y: 0, z: 0 },
            normal: { x: 0, y: 0, z: 0 },
            floorId: undefined,
            floorIndex: undefined,
            object: 'intersectedobject.none',
          };
        }
        return {
          position: pointer.position,
          normal: pointer.normal,
          floorId: pointer.floorIndex,
          floorIndex: pointer.floorIndex,
          object: pointer.object,
        };
      });
      var tagData = changingCollection(function () {
        var all = {};
        shown.tags.forEach(function (tag) {
          all[tag.id] = tagDataOf(tag);
        });
        return all;
      });
      var observables = [
        currentSweep,
        currentFloor,
        currentRooms,
        currentMode,
        cameraPose,
        openTags,
        intersection,
        tagData,
      ];

      function tagDataOf(tag) {
        return {
          id: tag.id,
          anchorPosition: tag.anchorPosition,
          stemVector: tag.stemVector,
          stemVisible: tag.stemVisible,
          label: tag.label,
          description: tag.description,
          color: tag.color,
          iconId: tag.iconId,
          enabled: tag.enabled,
          attachments: [],
          keywords: [],
          fontIcon: '',
          roomId: '',
        };
      }

      /** A call Showcase answers (its checks are Showcase's): the promise settles once its state has reached here. */
      function call(method, args) {
        if (closed) return Promise.reject(new Error('The SDK was disconnected'));
        return new Promise(function (resolveCall, rejectCall) {
          requests += 1;
          pending.set(requests, { resolve: resolveCall, reject: rejectCall });
          send({ type: 'call', request: requests, method: method, args: args });
        });
      }

      function rest(args) {
        return Array.prototype.slice.call(args);
      }

      function stop() {
        closed = true;
        window.clearInterval(retry);
        window.clearTimeout(timeout);
        window.removeEventListener('message', listen);
        observables.forEach(function (one) {
          one.clear();
        });
        handlers.clear();
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
            moveTo: function (sid, options) {
              if (closed) return Promise.reject(new Error('The SDK was disconnected'));
              if (typeof sid !== 'string' || !sweepOf(sid)) {
                return Promise.reject(
                  new Error('Sweep.moveTo: no sweep with id ' + String(sid) + ' in this space'),
                );
              }
              return call('Sweep.moveTo', options === undefined ? [sid] : [sid, options]);
            },
          },
          Camera: {
            pose: cameraPose.api,
            setRotation: function (rotation, options) {
              return call('Camera.setRotation', options === undefined ? [rotation] : [rotation, options]);
            },
            Event: { MOVE: 'camera.move' },
          },
          Tag: {
            data: tagData.api,
            openTags: openTags.api,
            add: function () {
              return call('Tag.add', rest(arguments));
            },
            remove: function () {
              return call('Tag.remove', rest(arguments));
            },
            open: function (id) {
              return call('Tag.open', [id]);
            },
            close: function (id) {
              return call('Tag.close', [id]);
            },
            editBillboard: function (id, properties) {
              return call('Tag.editBillboard', [id, properties]);
            },
            editColor: function (id, color) {
              return call('Tag.editColor', [id, color]);
            },
            registerIcon: function (iconId, src) {
              return call('Tag.registerIcon', [iconId, src]);
            },
            editIcon: function (id, iconId) {
              return call('Tag.editIcon', [id, iconId]);
            },
          },
          Mattertag: { Event: { CLICK: 'tag.click', HOVER: 'tag.hover', LINK_OPEN: 'tag.linkopen' } },
          Pointer: {
            intersection: intersection.api,
            Colliders: {
              MODEL: 'intersectedobject.model',
              NONE: 'intersectedobject.none',
              SWEEP: 'intersectedobject.sweep',
              TAG: 'intersectedobject.tag',
              UNKNOWN: 'intersectedobject.unknown',
            },
          },
          on: function (name, handler) {
            if (typeof handler !== 'function') throw new Error('on: the handler must be a function');
            if (!handlers.has(name)) handlers.set(name, new Set());
            handlers.get(name).add(handler);
          },
          off: function (name, handler) {
            if (handlers.has(name)) handlers.get(name).delete(handler);
          },
          Floor: { current: currentFloor.api, data: collection(floors) },
          Room: { current: currentRooms.api, data: collection(rooms) },
          Mode: {
            current: currentMode.api,
            moveTo: function (mode) {
              return call('Mode.moveTo', [mode]);
            },
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
          shown = message.state;
          sweepId = shown.sweep;
          observables.forEach(function (one) {
            one.settle();
          });
          resolve(sdkObject());
        } else if (message.type === 'state' && space) {
          shown = message.state;
          sweepId = shown.sweep;
          observables.forEach(function (one) {
            one.changed();
          });
        } else if (message.type === 'event' && space) {
          (handlers.get(message.name) || new Set()).forEach(function (handler) {
            handler.apply(null, message.args);
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
