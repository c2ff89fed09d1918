import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { showcaseSpace, type ShowcaseSpace } from './models';

/** The page's own script, hand-written in infra/emulators/static (the same place relative to src/ and dist/). */
const PAGE_SCRIPT = readFileSync(
  join(__dirname, '..', '..', '..', 'static', 'matterport', 'showcase-page.js'),
  'utf8',
);

/** A model id as Matterport's Showcase takes it in `m`: letters and digits (11 in practice). */
const MODEL_ID = /^[A-Za-z0-9]{5,64}$/;

/** The Showcase embed's own parameters the stand-in shows back, besides the ones it acts on. */
const START_KEYS = ['start', 'ss', 'sr'];

/**
 * A stand-in of Matterport's Showcase embed page (`https://my.matterport.com/show/?m=<model>&...`), which cannot
 * load without the internet: a page meant to be framed that shows the model's picture where the 3D space would be,
 * a play button unless `play=1` (as Showcase does), and the embed parameters it was given (listed, and on
 * `<body data-model data-parameters>` for tests). Like Showcase, a missing or malformed `m` is a "space not found"
 * page, not a blank one. Once played, the visitor stands at a sweep of the model's space (`showcaseSpace`: `ss`
 * picks the sweep by its index) and moves with "Go to <room>" buttons; the current sweep is on
 * `<body data-sweep data-room data-floor>`, and the Showcase SDK stand-in (`showcase-sdk.ts`) of the framing page
 * follows it over postMessage (static/matterport/showcase-page.js). The tags the SDK places are listed over the
 * view (buttons named by their labels, a click opens one), and the lower part of the view is the floor: a click there
 * is the SDK's Pointer.intersection. The models of the scene nodes the SDK started (its Scene API) are listed as
 * "Staged models", each with its transform and whether its GLB loaded; their lights as "Scene lights", each with
 * its type and inputs.
 */
export const showcaseRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
    '/show/',
    async (request, reply) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(request.query)) {
        for (const one of Array.isArray(value) ? value : [value ?? '']) query.append(key, one);
      }
      const model = query.get('m') ?? '';
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!MODEL_ID.test(model)) {
        return reply.code(404).send(
          page(
            'Space not found',
            `<main class="missing"><h1>This space is not available</h1>
        <p>The link may be wrong, or the space is private or was removed.</p></main>`,
            { model: '', parameters: '' },
            null,
          ),
        );
      }
      query.delete('m');
      const parameters = [...query.entries()];
      const autoplay = query.get('play') === '1';
      const list = parameters
        .map(
          ([key, value]) =>
            `<li><code>${escape(key)}=${escape(value)}</code>${START_KEYS.includes(key) ? ' (start position)' : ''}</li>`,
        )
        .join('');
      const space = showcaseSpace(model);
      const start = Number(query.get('ss'));
      const startIndex = Number.isInteger(start) && start >= 0 && start < space.sweeps.length ? start : 0;
      const body = `<main class="space" style="background-image:url('../thumbnails/${model}.jpg')">
      <button type="button" id="floor" class="floor" aria-label="Floor" hidden></button>
      <p class="badge">Showcase stand-in · model <strong>${escape(model)}</strong> <span id="where"></span></p>
      ${autoplay ? '' : '<button type="button" id="play" class="play" aria-label="Explore the 3D space">▶</button>'}
      <nav id="moves" class="moves" aria-label="Move" hidden></nav>
      <ul id="tags" class="tags" aria-label="Tags" hidden></ul>
      <ul id="models" class="models" aria-label="Staged models" hidden></ul>
      <ul id="lights" class="lights" aria-label="Scene lights" hidden></ul>
      <details class="parameters"><summary>${parameters.length} embed parameter${parameters.length === 1 ? '' : 's'}</summary>
        <ul>${list || '<li>none: the viewer\u2019s defaults</li>'}</ul></details>
    </main>`;
      return reply.send(
        page(
          `Space ${model}`,
          body,
          { model, parameters: query.toString() },
          { space, startIndex, autoplay, applicationKey: query.get('applicationKey') },
        ),
      );
    },
  );
};

/** What the page's script works from: the space, where it starts, and the SDK key Showcase was opened with. */
interface PageConfig {
  space: ShowcaseSpace;
  startIndex: number;
  autoplay: boolean;
  applicationKey: string | null;
}

function page(
  title: string,
  body: string,
  data: { model: string; parameters: string },
  config: PageConfig | null,
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
  html, body { margin: 0; height: 100%; font: 14px/1.4 system-ui, sans-serif; color: #222; }
  .space, .missing { position: absolute; inset: 0; background: #cfd8e3 center / cover no-repeat; }
  .missing { display: grid; place-content: center; text-align: center; padding: 16px; background: #f3f4f6; }
  .badge { position: absolute; left: 50%; bottom: 12px; transform: translateX(-50%); margin: 0; padding: 4px 10px;
    border-radius: 999px; background: #ffffffd9; white-space: nowrap; font-size: 12px; }
  .play { position: absolute; left: 50%; top: 50%; width: 72px; height: 72px; margin: -36px 0 0 -36px;
    border: 0; border-radius: 50%; background: #ffffffe6; font-size: 28px; cursor: pointer; }
  .parameters { position: absolute; right: 12px; bottom: 48px; max-width: 60%; padding: 6px 10px;
    border-radius: 8px; background: #ffffffd9; font-size: 12px; }
  .parameters ul { margin: 4px 0 0; padding-left: 16px; }
  .moves { position: absolute; left: 12px; top: 12px; display: flex; flex-wrap: wrap; gap: 6px; max-width: 60%; }
  .moves button { padding: 6px 10px; border: 0; border-radius: 999px; background: #ffffffe6; cursor: pointer; }
  .floor { position: absolute; left: 0; right: 0; bottom: 0; height: 45%; border: 0; padding: 0; cursor: crosshair;
    background: linear-gradient(#0000, #0000001a); }
  .tags { position: absolute; right: 12px; top: 12px; display: flex; flex-direction: column; align-items: flex-end;
    gap: 6px; max-width: 40%; margin: 0; padding: 0; list-style: none; }
  .tags .tag { padding: 4px 10px; border: 3px solid; border-radius: 999px; background: #fff; cursor: pointer; }
  .tags .tag[aria-pressed="true"] { font-weight: 700; }
  .models { position: absolute; left: 12px; top: 30%; display: flex; flex-direction: column; gap: 4px;
    max-width: 50%; margin: 0; padding: 0; list-style: none; }
  .models .model { padding: 3px 8px; border-radius: 4px; background: #fffffff0; font-size: 12px; }
  .models .model[data-state="failed"] { background: #fde2e2; }
  .lights { position: absolute; right: 12px; top: 30%; display: flex; flex-direction: column; gap: 4px;
    pointer-events: none;
    margin: 0; padding: 0; list-style: none; }
  .lights .light { display: flex; align-items: center; gap: 6px; padding: 3px 8px; border-radius: 4px;
    background: #fffffff0; font-size: 12px; }
  .lights .light-color { width: 12px; height: 12px; border-radius: 50%; border: 1px solid #0003; }
  .tag-description { margin: 4px 0 0; padding: 6px 10px; border-radius: 8px; background: #ffffffe6; }
</style></head>
<body data-model="${escape(data.model)}" data-parameters="${escape(data.parameters)}">${body}
${config ? scriptTags(config) : ''}</body></html>`;
}

/** The page's script and what it works from; the "space not found" page has neither (no space to walk). */
function scriptTags(config: PageConfig): string {
  return `<script type="application/json" id="showcase-config">${scriptJson(config)}</script>
<script>${PAGE_SCRIPT}</script>`;
}

/** JSON inside a <script> element: `<` escaped, so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
