/* global window, document */
/*
 * The Showcase stand-in's own script (inlined into GET /matterport/show/ by src/vendors/matterport/showcase.ts).
 *
 * It walks the space's sweeps (the "Go to <room>" buttons, after the play button as in Showcase), keeps the
 * current sweep on <body data-sweep data-room data-floor>, and answers the SDK bundle
 * (static/matterport/showcase-sdk.js) of the page that frames it, over postMessage: only messages from its parent
 * window, each session answered at the origin it connected from. <body data-sdk-sessions> counts the SDK sessions
 * connected: a move made before the page's SDK connects reaches it only as the state it connects to.
 *
 * The space's state is kept here, as Showcase keeps it, and every session sees the same: the sweep, the camera's
 * rotation, the view mode, the tags the SDK placed (listed over the view, each a button named by its label: a click
 * opens it, as a click on a tag's disc does), the open tag, and the last click on the floor (the "floor" area: a
 * click there is where the pointer met the model, Pointer.intersection). The SDK's calls are checked here, as
 * Showcase checks them, and refused in Showcase's words.
 *
 * The scene nodes the SDK started (Scene API: a node with an mp.gltfLoader) are listed over the view as "Staged
 * models", one item per model named by the node's name, with where it stands (data-position x,y,z, data-quaternion
 * x,y,z,w, data-scale x,y,z: the node's transform times the loader's localScale) and whether its GLB loaded
 * (data-state loading, loaded or failed, and the reason shown); a stopped node's item goes, as do a disconnected
 * session's. <body data-models> counts them. The nodes' lights (mp.lights, mp.ambientLight, mp.directionalLight,
 * mp.pointLight) are listed as "Scene lights", one item per light with data-type and each input as a data attribute
 * (data-color r,g,b from 0 to 1, data-intensity, data-enabled, data-position x,y,z...); <body data-lights> counts them.
 */
(function () {
  'use strict';

  var CHANNEL = 'matterport-showcase-emulator';
  var MODES = ['mode.inside', 'mode.dollhouse', 'mode.floorplan'];
  var TRANSITIONS = ['transition.fly', 'transition.instant', 'transition.fade'];
  /** The floor area spans this many metres across, centred on the current sweep. */
  var FLOOR_SPAN = 6;
  /** A sweep's camera stands this high above its floor (the puck is on the floor). */
  var EYE_HEIGHT = 1.5;

  var config = JSON.parse(document.getElementById('showcase-config').textContent);
  var space = config.space;
  var current = -1;
  var rotation = { x: 0, y: 0 };
  var mode = 'mode.transitioning';
  /** tag id -> the tag's data (the Tag.add descriptor as kept) */
  var tags = new Map();
  /** icon id -> its image's URL (Tag.registerIcon) */
  var icons = new Map();
  var tagCount = 0;
  var openTag = null;
  var pointer = null;
  var clicks = 0;
  /** session id -> the origin of the window that connected it */
  var sessions = new Map();
  /** the started scene nodes' models: "<session> <node id>" -> { session, id, name, url, position, ... } */
  var models = new Map();
  /** the started scene nodes' lights: "<session> <node id>" -> { session, id, type, inputs } */
  var lights = new Map();

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
    var floor = document.getElementById('floor');
    renderTags();
    renderModels();
    renderLights();
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
    body.setAttribute('data-mode', mode);
    body.setAttribute('data-rotation', rotation.x + ',' + rotation.y);
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
    if (floor) {
      floor.hidden = false;
      floor.setAttribute('aria-label', 'Floor of ' + sweep.room.label);
    }
  }

  /** The placed tags as buttons named by their labels; the open one pressed, its description shown. */
  function renderTags() {
    var list = document.getElementById('tags');
    if (!list) return;
    list.textContent = '';
    list.hidden = tags.size === 0;
    document.body.setAttribute('data-tags', String(tags.size));
    tags.forEach(function (tag, id) {
      var item = document.createElement('li');
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'tag';
      button.setAttribute('data-tag-id', id);
      button.setAttribute('aria-pressed', String(openTag === id));
      button.style.borderColor = cssColor(tag.color);
      if (tag.iconId) button.setAttribute('data-icon', icons.get(tag.iconId) || '');
      button.textContent = tag.label;
      button.addEventListener('click', function () {
        open(id, true);
      });
      item.appendChild(button);
      if (openTag === id && tag.description) {
        var text = document.createElement('p');
        text.className = 'tag-description';
        text.textContent = tag.description;
        item.appendChild(text);
      }
      list.appendChild(item);
    });
  }

  /** The started nodes' models, each an item named by its node's name, its transform and load state on it. */
  function renderModels() {
    var list = document.getElementById('models');
    if (!list) return;
    list.textContent = '';
    list.hidden = models.size === 0;
    document.body.setAttribute('data-models', String(models.size));
    models.forEach(function (model) {
      var item = document.createElement('li');
      item.className = 'model';
      item.setAttribute('data-node-id', model.id);
      item.setAttribute('data-state', model.state);
      item.setAttribute('data-url', model.url);
      item.setAttribute('data-position', [model.position.x, model.position.y, model.position.z].join(','));
      item.setAttribute(
        'data-quaternion',
        [model.quaternion.x, model.quaternion.y, model.quaternion.z, model.quaternion.w].join(','),
      );
      item.setAttribute('data-scale', [model.scale.x, model.scale.y, model.scale.z].join(','));
      item.textContent = model.name || model.id;
      if (model.state === 'failed') {
        var reason = document.createElement('span');
        reason.className = 'model-error';
        reason.textContent = ' (' + model.error + ')';
        item.appendChild(reason);
      }
      list.appendChild(item);
    });
  }

  /** The started nodes' lights, each an item naming its type, its inputs on it (a colour as r,g,b from 0 to 1). */
  function renderLights() {
    var list = document.getElementById('lights');
    if (!list) return;
    list.textContent = '';
    list.hidden = lights.size === 0;
    document.body.setAttribute('data-lights', String(lights.size));
    lights.forEach(function (light) {
      var item = document.createElement('li');
      item.className = 'light';
      item.setAttribute('data-node-id', light.id);
      item.setAttribute('data-type', light.type);
      Object.keys(light.inputs).forEach(function (key) {
        var value = light.inputs[key];
        if (key === 'color') value = [value.r, value.g, value.b].join(',');
        else if (value && typeof value === 'object') value = [value.x, value.y, value.z].join(',');
        item.setAttribute('data-' + key, String(value));
      });
      item.textContent = light.type;
      if (light.inputs.color) {
        var swatch = document.createElement('span');
        swatch.className = 'light-color';
        swatch.style.background = cssColor(light.inputs.color);
        item.appendChild(swatch);
      }
      list.appendChild(item);
    });
  }

  function cssColor(color) {
    return (
      'rgb(' +
      Math.round(color.r * 255) +
      ',' +
      Math.round(color.g * 255) +
      ',' +
      Math.round(color.b * 255) +
      ')'
    );
  }

  function post(origin, message) {
    message.channel = CHANNEL;
    window.parent.postMessage(message, origin);
  }

  function state() {
    var tagList = [];
    tags.forEach(function (tag) {
      tagList.push(tag);
    });
    return {
      sweep: current < 0 ? null : space.sweeps[current].sid,
      rotation: { x: rotation.x, y: rotation.y },
      mode: mode,
      tags: tagList,
      openTag: openTag,
      pointer: pointer,
    };
  }

  function announce() {
    var now = state();
    sessions.forEach(function (origin, session) {
      post(origin, { type: 'state', session: session, state: now });
    });
  }

  /** An event the SDK's `on(name, handler)` hears (Mattertag.Event.CLICK 'tag.click' with the tag's id). */
  function emit(name, args) {
    sessions.forEach(function (origin, session) {
      post(origin, { type: 'event', session: session, name: name, args: args });
    });
  }

  function start() {
    if (current >= 0) return;
    var play = document.getElementById('play');
    if (play) play.remove();
    current = config.startIndex;
    mode = 'mode.inside';
    render();
    announce();
  }

  function moveTo(sid, turnTo) {
    var index = sweepIndex(sid);
    if (index < 0) return false;
    var play = document.getElementById('play');
    if (play) play.remove();
    current = index;
    mode = 'mode.inside';
    if (turnTo) rotation = { x: turnTo.x, y: turnTo.y };
    render();
    announce();
    return true;
  }

  /** Opens a tag: the view turns to it (a visitor's click is the SDK's 'tag.click' too). */
  function open(id, clicked) {
    openTag = id;
    var tag = tags.get(id);
    var sweep = current >= 0 ? space.sweeps[current] : null;
    if (tag && sweep) {
      var dx = tag.anchorPosition.x - sweep.position.x;
      var dz = tag.anchorPosition.z - sweep.position.z;
      if (dx !== 0 || dz !== 0)
        rotation = { x: rotation.x, y: round((Math.atan2(-dx, -dz) * 180) / Math.PI) };
    }
    render();
    announce();
    if (clicked) emit('tag.click', [id]);
  }

  function round(value) {
    return Math.round(value * 1000) / 1000;
  }

  var play = document.getElementById('play');
  if (play) play.addEventListener('click', start);
  if (config.autoplay) start();

  // A click on the floor is where the pointer met the model: x/z across the floor around the current sweep, y the
  // floor's height, the floor's normal up.
  var floorArea = document.getElementById('floor');
  if (floorArea) {
    floorArea.addEventListener('click', function (event) {
      if (current < 0) return;
      var sweep = space.sweeps[current];
      var box = floorArea.getBoundingClientRect();
      var across = box.width > 0 ? (event.clientX - box.left) / box.width - 0.5 : 0;
      var deep = box.height > 0 ? (event.clientY - box.top) / box.height - 0.5 : 0;
      clicks += 1;
      pointer = {
        position: {
          x: round(sweep.position.x + across * FLOOR_SPAN),
          y: round(sweep.position.y - EYE_HEIGHT),
          z: round(sweep.position.z + deep * FLOOR_SPAN),
        },
        normal: { x: 0, y: 1, z: 0 },
        floorIndex: sweep.floorSequence,
        object: 'intersectedobject.model',
        click: clicks,
      };
      document.body.setAttribute('data-pointer', JSON.stringify(pointer.position));
      announce();
    });
  }

  function refusal(message) {
    if (!config.applicationKey) {
      return 'Showcase was opened without an SDK key: add applicationKey=<your SDK key> to the embed URL';
    }
    if (typeof message.applicationKey === 'string' && message.applicationKey !== config.applicationKey) {
      return 'The SDK key does not match the applicationKey Showcase was opened with';
    }
    return null;
  }

  function isNumber(value) {
    return typeof value === 'number' && isFinite(value);
  }

  function isVector(value) {
    return (
      !!value && typeof value === 'object' && isNumber(value.x) && isNumber(value.y) && isNumber(value.z)
    );
  }

  function isQuaternion(value) {
    return isVector(value) && isNumber(value.w);
  }

  function isColor(value) {
    return (
      !!value &&
      typeof value === 'object' &&
      [value.r, value.g, value.b].every(function (part) {
        return isNumber(part) && part >= 0 && part <= 1;
      })
    );
  }

  function isRotation(value) {
    return (
      !!value &&
      typeof value === 'object' &&
      isNumber(value.x) &&
      isNumber(value.y) &&
      Math.abs(value.x) <= 90
    );
  }

  function fail(text) {
    throw new Error(text);
  }

  function knownTag(method, id) {
    if (typeof id !== 'string' || !tags.has(id)) fail(method + ': no tag with id ' + String(id));
    return tags.get(id);
  }

  /** Checks every descriptor before any is added: one refused, none added (as Showcase). */
  function addTags(descriptors) {
    if (descriptors.length === 0) fail('Tag.add: no tag given');
    var kept = descriptors.map(function (descriptor, index) {
      var where = 'Tag.add: tag ' + index;
      if (!descriptor || typeof descriptor !== 'object') fail(where + ' is not a Tag.Descriptor');
      if (!isVector(descriptor.anchorPosition)) fail(where + ' has no anchorPosition {x, y, z}');
      if (!isVector(descriptor.stemVector)) fail(where + ' has no stemVector {x, y, z}');
      if (descriptor.color !== undefined && !isColor(descriptor.color)) {
        fail(where + ': color must be {r, g, b} with each part from 0 to 1');
      }
      if (descriptor.iconId !== undefined && !icons.has(descriptor.iconId)) {
        fail(where + ': no icon registered with id ' + String(descriptor.iconId));
      }
      if (descriptor.id !== undefined && (typeof descriptor.id !== 'string' || tags.has(descriptor.id))) {
        fail(where + ': a tag with id ' + String(descriptor.id) + ' already exists');
      }
      return descriptor;
    });
    return kept.map(function (descriptor) {
      tagCount += 1;
      var id = descriptor.id || 'tag' + tagCount + Math.random().toString(36).slice(2, 10);
      tags.set(id, {
        id: id,
        label: typeof descriptor.label === 'string' ? descriptor.label : '',
        description: typeof descriptor.description === 'string' ? descriptor.description : '',
        color: descriptor.color || { r: 0.011765, g: 0.266667, b: 0.458824 },
        anchorPosition: descriptor.anchorPosition,
        stemVector: descriptor.stemVector,
        stemVisible: descriptor.stemVisible !== false,
        iconId: descriptor.iconId,
        enabled: descriptor.enabled !== false,
      });
      return id;
    });
  }

  /**
   * A started scene node's model (the SDK client checked the node: its loader, its state): its transform in the
   * space and the GLB it loads, shown as loading until the client tells how the load went.
   */
  function startNode(session, node) {
    if (!node || typeof node !== 'object' || typeof node.id !== 'string' || node.id === '') {
      fail('Scene: a node without an id cannot start');
    }
    var key = session + ' ' + node.id;
    if (models.has(key)) fail('Scene: the node ' + node.id + ' has already started');
    if (!isVector(node.position) || !isQuaternion(node.quaternion) || !isVector(node.scale)) {
      fail('Scene: the node ' + node.id + ' has no position, quaternion and scale');
    }
    if (typeof node.url !== 'string' || node.url === '') fail('Scene: the node ' + node.id + ' loads no url');
    models.set(key, {
      session: session,
      id: node.id,
      name: typeof node.name === 'string' ? node.name : '',
      url: node.url,
      position: node.position,
      quaternion: node.quaternion,
      scale: node.scale,
      state: 'loading',
      error: '',
    });
    render();
  }

  /** A started scene node's light (the SDK client checked its inputs): listed with its inputs while it shines. */
  function startLight(session, light) {
    if (!light || typeof light !== 'object' || typeof light.id !== 'string' || light.id === '') {
      fail('Scene: a light without an id cannot start');
    }
    var key = session + ' ' + light.id;
    if (lights.has(key) || models.has(key)) fail('Scene: the node ' + light.id + ' has already started');
    if (typeof light.type !== 'string' || !light.inputs || typeof light.inputs !== 'object') {
      fail('Scene: the light ' + light.id + ' has no type and inputs');
    }
    if (light.inputs.color !== undefined && !isColor(light.inputs.color)) {
      fail('Scene: the light ' + light.id + ' has a colour that is not {r, g, b} from 0 to 1');
    }
    lights.set(key, { session: session, id: light.id, type: light.type, inputs: light.inputs });
    render();
  }

  /** How a started node's GLB load went; a node stopped since is gone and stays gone. */
  function nodeLoaded(session, id, result) {
    var model = models.get(session + ' ' + id);
    if (!model) return;
    model.state = result && result.ok ? 'loaded' : 'failed';
    model.error = result && !result.ok ? String(result.error) : '';
    render();
  }

  function stopNode(session, id) {
    models.delete(session + ' ' + id);
    lights.delete(session + ' ' + id);
    render();
  }

  /** The Scene API's calls, which belong to the session that made them (nodes are the client's objects). */
  var sceneCalls = {
    'Scene.startNode': startNode,
    'Scene.startLight': startLight,
    'Scene.nodeLoaded': nodeLoaded,
    'Scene.stopNode': stopNode,
  };

  /** The SDK's calls, by name: each answers its result or throws Showcase's refusal. */
  var calls = {
    'Sweep.moveTo': function (sid, options) {
      var turnTo = options && options.rotation;
      if (turnTo !== undefined && !isRotation(turnTo)) {
        fail('Sweep.moveTo: rotation must be {x, y} in degrees, x from -90 to 90');
      }
      if (options && options.transition !== undefined && TRANSITIONS.indexOf(options.transition) < 0) {
        fail('Sweep.moveTo: unknown transition ' + String(options.transition));
      }
      if (!moveTo(sid, turnTo)) fail('Sweep.moveTo: no sweep with id ' + String(sid) + ' in this space');
      return sid;
    },
    'Camera.setRotation': function (turnTo) {
      if (!isRotation(turnTo))
        fail('Camera.setRotation: rotation must be {x, y} in degrees, x from -90 to 90');
      if (current < 0) fail('Camera.setRotation: Showcase is not playing yet');
      rotation = { x: turnTo.x, y: turnTo.y };
      render();
      announce();
    },
    'Mode.moveTo': function (to) {
      if (MODES.indexOf(to) < 0) fail('Mode.moveTo: unknown mode ' + String(to));
      if (current < 0) fail('Mode.moveTo: Showcase is not playing yet');
      mode = to;
      render();
      announce();
      return to;
    },
    'Tag.add': function () {
      var ids = addTags(Array.prototype.slice.call(arguments));
      render();
      announce();
      return ids;
    },
    'Tag.remove': function () {
      var ids = Array.prototype.slice.call(arguments);
      ids.forEach(function (id) {
        knownTag('Tag.remove', id);
      });
      ids.forEach(function (id) {
        tags.delete(id);
        if (openTag === id) openTag = null;
      });
      render();
      announce();
      return ids;
    },
    'Tag.open': function (id) {
      knownTag('Tag.open', id);
      open(id, false);
    },
    'Tag.close': function (id) {
      knownTag('Tag.close', id);
      if (openTag === id) openTag = null;
      render();
      announce();
    },
    'Tag.editBillboard': function (id, properties) {
      var tag = knownTag('Tag.editBillboard', id);
      if (!properties || typeof properties !== 'object') fail('Tag.editBillboard: no properties given');
      if (properties.label !== undefined) tag.label = String(properties.label);
      if (properties.description !== undefined) tag.description = String(properties.description);
      render();
      announce();
    },
    'Tag.editColor': function (id, color) {
      var tag = knownTag('Tag.editColor', id);
      if (!isColor(color)) fail('Tag.editColor: color must be {r, g, b} with each part from 0 to 1');
      tag.color = color;
      render();
      announce();
    },
    'Tag.registerIcon': function (iconId, src) {
      if (typeof iconId !== 'string' || iconId === '') fail('Tag.registerIcon: no icon id given');
      if (icons.has(iconId)) fail('Tag.registerIcon: an icon with id ' + iconId + ' is already registered');
      if (typeof src !== 'string' || !/^(https?:|data:image\/)/.test(src)) {
        fail('Tag.registerIcon: the icon must be an http(s) or data: image URL');
      }
      icons.set(iconId, src);
    },
    'Tag.editIcon': function (id, iconId) {
      var tag = knownTag('Tag.editIcon', id);
      if (!icons.has(iconId)) fail('Tag.editIcon: no icon registered with id ' + String(iconId));
      tag.iconId = iconId;
      render();
      announce();
    },
  };

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
    if (message.type === 'call') {
      var answer = { type: 'answer', session: message.session, request: message.request };
      var args = Array.isArray(message.args) ? message.args : [];
      var call = Object.prototype.hasOwnProperty.call(calls, message.method) ? calls[message.method] : null;
      var sceneCall = Object.prototype.hasOwnProperty.call(sceneCalls, message.method)
        ? sceneCalls[message.method]
        : null;
      try {
        if (sceneCall) answer.result = sceneCall.apply(null, [message.session].concat(args));
        else if (!call) fail(String(message.method) + ' is not a function of the SDK');
        else answer.result = call.apply(null, args);
      } catch (error) {
        answer.error = error.message;
      }
      post(event.origin, answer);
    } else if (message.type === 'disconnect') {
      sessions.delete(message.session);
      // A disconnected session's nodes leave the space with it (Showcase drops the scene of an SDK that left).
      models.forEach(function (model, key) {
        if (model.session === message.session) models.delete(key);
      });
      lights.forEach(function (light, key) {
        if (light.session === message.session) lights.delete(key);
      });
      render();
    }
  });
})();
