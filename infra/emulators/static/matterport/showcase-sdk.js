/* global window, document, HTMLIFrameElement, TextDecoder */
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
 *   Scene.createObjects(count) -> objects, object.addNode(id?) -> node, object.start(), object.stop(),
 *   node.addComponent(type, inputs?, id?) -> component, node.position / node.scale (Vector3: x, y, z, set, copy),
 *   node.quaternion (Quaternion: x, y, z, w, set, copy, setFromAxisAngle), node.name, node.start(), node.stop(),
 *   Scene.Component (the built-in component types: 'mp.gltfLoader', 'mp.lights'...),
 *   on, off, disconnect().
 * The Scene API is Matterport's Bundle SDK's (the embed's SDK has none); here it is part of the one client. A node's
 * mp.gltfLoader fetches its `url` here, in the framing page (as the Bundle SDK loads models in the page's own
 * window), when the node starts: a GLB or glTF loads, anything else (an HTTP error, a refused cross-origin read,
 * bytes that are no glTF) fails, and Showcase's page lists the model as failed with the reason. The page draws the
 * node's transform as it is at start() (position, quaternion, scale times the loader's localScale). A started node's
 * lights (mp.lights, mp.ambientLight, mp.directionalLight, mp.pointLight) are listed there too, with their inputs.
 * Observables take a callback or an { onChanged } observer and call it at once with the current value, then at each
 * change of it; collections take { onAdded, onRemoved, onUpdated, onCollectionUpdated }; both return { cancel() }.
 *
 * Refused as the real SDK refuses: a target that is not an iframe of this Showcase, a Showcase opened without
 * applicationKey (or with another key), a version that is not 3.x, a sweep id the space does not have, a tag
 * without anchorPosition or stemVector, a colour that is not {r, g, b} in 0..1, an icon not registered, a tag id
 * the space does not show, an unknown mode or transition, a component type the SDK has not registered, a component
 * added to a node that has started, a node started again once stopped, a gltfLoader input of the wrong shape, a
 * light's input of the wrong shape (a colour that is not {r, g, b} in 0..1, a negative intensity) or one the light
 * does not have (stricter than Matterport, whose components ignore it), an
 * object count that is not a whole number from 1. Showcase's page (showcase-page.js) keeps the state and
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
  /** Scene.Component: the types of the components the SDK registers itself. */
  var COMPONENTS = {
    AMBIENT_LIGHT: 'mp.ambientLight',
    CAMERA: 'mp.camera',
    DAE_LOADER: 'mp.daeLoader',
    DIRECTIONAL_LIGHT: 'mp.directionalLight',
    FBX_LOADER: 'mp.fbxLoader',
    GLTF_LOADER: 'mp.gltfLoader',
    INPUT: 'mp.input',
    LIGHTS_COMPONENT: 'mp.lights',
    OBJ_LOADER: 'mp.objLoader',
    POINT_LIGHT: 'mp.pointLight',
    SCROLLING_TUBE: 'mp.scrollingTube',
    TRANSFORM_CONTROLS: 'mp.transformControls',
    XR: 'mp.xr',
  };
  var COMPONENT_TYPES = Object.keys(COMPONENTS).map(function (key) {
    return COMPONENTS[key];
  });
  /** A glTF binary starts with these four bytes ("glTF"). */
  var GLB_MAGIC = [0x67, 0x6c, 0x54, 0x46];

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

  function finite(value) {
    return typeof value === 'number' && isFinite(value);
  }

  /** three.js's Vector3 as far as nodes use it. */
  function vector3(x, y, z) {
    return {
      x: x,
      y: y,
      z: z,
      set: function (nx, ny, nz) {
        if (!finite(nx) || !finite(ny) || !finite(nz))
          throw new Error('Vector3.set: x, y and z must be numbers');
        this.x = nx;
        this.y = ny;
        this.z = nz;
        return this;
      },
      copy: function (other) {
        return this.set(other.x, other.y, other.z);
      },
    };
  }

  /** three.js's Quaternion as far as nodes use it. */
  function quaternion() {
    return {
      x: 0,
      y: 0,
      z: 0,
      w: 1,
      set: function (x, y, z, w) {
        if (![x, y, z, w].every(finite)) throw new Error('Quaternion.set: x, y, z and w must be numbers');
        this.x = x;
        this.y = y;
        this.z = z;
        this.w = w;
        return this;
      },
      copy: function (other) {
        return this.set(other.x, other.y, other.z, other.w);
      },
      /** `axis` a unit vector, `angle` in radians (three.js's). */
      setFromAxisAngle: function (axis, angle) {
        var half = angle / 2;
        var sin = Math.sin(half);
        return this.set(axis.x * sin, axis.y * sin, axis.z * sin, Math.cos(half));
      },
    };
  }

  function plain(vector) {
    var copy = { x: vector.x, y: vector.y, z: vector.z };
    if ('w' in vector) copy.w = vector.w;
    return copy;
  }

  function isVectorInput(value) {
    return !!value && typeof value === 'object' && finite(value.x) && finite(value.y) && finite(value.z);
  }

  /** A gltfLoader's inputs checked as the SDK types them; the defaults filled in. */
  function gltfInputs(inputs) {
    var kept = {
      url: '',
      visible: true,
      localScale: { x: 1, y: 1, z: 1 },
      localPosition: { x: 0, y: 0, z: 0 },
    };
    kept.localRotation = { x: 0, y: 0, z: 0 };
    kept.colliderEnabled = true;
    Object.keys(inputs).forEach(function (key) {
      var value = inputs[key];
      if (key === 'url') {
        if (typeof value !== 'string') throw new Error('addComponent: mp.gltfLoader url must be a string');
      } else if (key === 'localScale' || key === 'localPosition' || key === 'localRotation') {
        if (!isVectorInput(value))
          throw new Error('addComponent: mp.gltfLoader ' + key + ' must be {x, y, z}');
        value = plain(value);
      } else if (key === 'visible' || key === 'colliderEnabled') {
        if (typeof value !== 'boolean')
          throw new Error('addComponent: mp.gltfLoader ' + key + ' must be true or false');
      }
      kept[key] = value;
    });
    return kept;
  }

  function isColorInput(value) {
    return (
      !!value &&
      typeof value === 'object' &&
      [value.r, value.g, value.b].every(function (part) {
        return finite(part) && part >= 0 && part <= 1;
      })
    );
  }

  /**
   * The inputs Matterport documents for its lights, each with its check and default (mp.lights takes none: it is the
   * SDK's own ambient and directional pair). An input these components do not have is refused: the stand-in is
   * stricter here than Matterport's components, which would ignore it and light the scene as if it were not given.
   */
  var LIGHT_INPUTS = {};
  LIGHT_INPUTS[COMPONENTS.LIGHTS_COMPONENT] = {};
  LIGHT_INPUTS[COMPONENTS.AMBIENT_LIGHT] = { enabled: true, color: { r: 1, g: 1, b: 1 }, intensity: 1 };
  LIGHT_INPUTS[COMPONENTS.DIRECTIONAL_LIGHT] = {
    enabled: true,
    color: { r: 1, g: 1, b: 1 },
    intensity: 2,
    position: { x: 0, y: 1, z: 0 },
    target: { x: 0, y: 0, z: 0 },
    debug: false,
  };
  LIGHT_INPUTS[COMPONENTS.POINT_LIGHT] = {
    enabled: true,
    color: { r: 1, g: 1, b: 1 },
    intensity: 1,
    position: { x: 0, y: 0, z: 0 },
    distance: 0,
    decay: 1,
    debug: false,
  };

  /** A light's inputs checked as the SDK types them; the defaults filled in. */
  function lightInputs(type, inputs) {
    var defaults = LIGHT_INPUTS[type];
    var kept = JSON.parse(JSON.stringify(defaults));
    Object.keys(inputs).forEach(function (key) {
      var value = inputs[key];
      var what = 'addComponent: ' + type + ' ' + key;
      if (!(key in defaults)) throw new Error('addComponent: ' + type + ' has no input ' + key);
      if (key === 'color') {
        if (!isColorInput(value)) throw new Error(what + ' must be {r, g, b} from 0 to 1');
        value = { r: value.r, g: value.g, b: value.b };
      } else if (key === 'position' || key === 'target') {
        if (!isVectorInput(value)) throw new Error(what + ' must be {x, y, z}');
        value = plain(value);
      } else if (key === 'enabled' || key === 'debug') {
        if (typeof value !== 'boolean') throw new Error(what + ' must be true or false');
      } else if (!finite(value) || value < 0) {
        throw new Error(what + ' must be a number from 0');
      }
      kept[key] = value;
    });
    return kept;
  }

  /** A component's inputs as the SDK keeps them: the loaders' and the lights' checked, the others as given. */
  function componentInputs(type, inputs) {
    if (type === COMPONENTS.GLTF_LOADER) return gltfInputs(inputs);
    if (type in LIGHT_INPUTS) return lightInputs(type, inputs);
    return Object.assign({}, inputs);
  }

  /** Fetches a model as the loader does: resolves when it is a glTF (binary or JSON), rejects with the reason. */
  function loadModel(url) {
    return fetch(url, { credentials: 'omit' })
      .then(
        function (response) {
          if (!response.ok) throw new Error('HTTP ' + response.status + ' for ' + url);
          return response.arrayBuffer();
        },
        function () {
          throw new Error('could not fetch ' + url);
        },
      )
      .then(function (buffer) {
        var bytes = new Uint8Array(buffer);
        var binary = GLB_MAGIC.every(function (byte, index) {
          return bytes[index] === byte;
        });
        if (binary) return;
        try {
          var json = JSON.parse(new TextDecoder().decode(bytes));
          if (json && json.asset && json.asset.version) return;
        } catch {
          // not JSON either
        }
        throw new Error('not a glTF model: ' + url);
      });
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
      var nodeCount = 0;

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

      /**
       * A scene node (Scene.INode): initializing until start(), updating until stop(), then destroyed for good.
       * Started, each of its mp.gltfLoader components is a model on Showcase's page, loaded from its url.
       */
      function sceneNode(id) {
        var state = 'initializing';
        var components = [];
        var shownIds = [];
        var node = {
          id: id,
          name: '',
          position: vector3(0, 0, 0),
          quaternion: quaternion(),
          scale: vector3(1, 1, 1),
          addComponent: function (type, inputs, componentId) {
            if (state !== 'initializing') {
              throw new Error(
                'addComponent: components can only be added to a node before it starts (' + id + ')',
              );
            }
            if (COMPONENT_TYPES.indexOf(type) < 0) {
              throw new Error('addComponent: no component registered as ' + String(type));
            }
            if (inputs !== undefined && (inputs === null || typeof inputs !== 'object')) {
              throw new Error('addComponent: inputs must be an object');
            }
            var component = {
              componentType: type,
              id: componentId || id + '-component-' + (components.length + 1),
              inputs: componentInputs(type, inputs || {}),
              outputs: { objectRoot: null, collider: null },
              events: {},
              emits: {},
            };
            components.push(component);
            return component;
          },
          start: function () {
            if (closed) throw new Error('The SDK was disconnected');
            if (state === 'destroyed')
              throw new Error('INode.start: a scene node cannot be restarted (' + id + ')');
            if (state === 'updating') return;
            state = 'updating';
            components.forEach(function (component, index) {
              var shownId = index === 0 ? id : id + '#' + index;
              if (component.componentType in LIGHT_INPUTS) {
                shownIds.push(shownId);
                call('Scene.startLight', [
                  { id: shownId, type: component.componentType, inputs: component.inputs },
                ]).catch(function (error) {
                  console.error(error);
                });
                return;
              }
              if (component.componentType !== COMPONENTS.GLTF_LOADER || !component.inputs.visible) return;
              var local = component.inputs.localScale;
              var url = component.inputs.url ? new URL(component.inputs.url, window.location.href).href : '';
              shownIds.push(shownId);
              call('Scene.startNode', [
                {
                  id: shownId,
                  name: node.name,
                  url: url,
                  position: plain(node.position),
                  quaternion: plain(node.quaternion),
                  scale: { x: node.scale.x * local.x, y: node.scale.y * local.y, z: node.scale.z * local.z },
                },
              ])
                .then(function () {
                  return loadModel(url).then(
                    function () {
                      return call('Scene.nodeLoaded', [shownId, { ok: true }]);
                    },
                    function (error) {
                      console.warn('mp.gltfLoader: ' + error.message);
                      return call('Scene.nodeLoaded', [shownId, { ok: false, error: error.message }]);
                    },
                  );
                })
                .catch(function (error) {
                  console.error(error);
                });
            });
          },
          stop: function () {
            if (state === 'destroyed') return;
            var started = state === 'updating';
            state = 'destroyed';
            if (!started || closed) return;
            shownIds.forEach(function (shownId) {
              call('Scene.stopNode', [shownId]).catch(function (error) {
                console.error(error);
              });
            });
          },
        };
        return node;
      }

      /** A scene object (Scene.IObject): a factory of nodes, started and stopped together. */
      function sceneObject() {
        var nodes = [];
        return {
          addNode: function (id) {
            if (id !== undefined && (typeof id !== 'string' || id === '')) {
              throw new Error('addNode: the id must be a string');
            }
            var taken = nodes.some(function (node) {
              return node.id === id;
            });
            if (taken) throw new Error('addNode: a node with id ' + id + ' already exists in this object');
            nodeCount += 1;
            var node = sceneNode(id || 'node-' + nodeCount);
            nodes.push(node);
            return node;
          },
          start: function () {
            nodes.forEach(function (node) {
              node.start();
            });
          },
          stop: function () {
            nodes.forEach(function (node) {
              node.stop();
            });
          },
        };
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
          Scene: {
            Component: COMPONENTS,
            createObjects: function (count) {
              if (closed) return Promise.reject(new Error('The SDK was disconnected'));
              if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
                return Promise.reject(
                  new Error('Scene.createObjects: the count must be a whole number from 1'),
                );
              }
              var objects = [];
              for (var index = 0; index < count; index++) objects.push(sceneObject());
              return Promise.resolve(objects);
            },
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
