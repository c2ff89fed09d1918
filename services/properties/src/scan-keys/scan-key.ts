/**
 * A scan-model key as people paste it (001 §5): a bare Matterport model id (5 or more letters or digits), or a
 * link to the model - the show page (`/show/?m=`), the models page (`/models/<id>`), Discover
 * (`/discover/space/<id>`), an embed (`/embed/show?m=` or an iframe src), a showcase HTML file
 * (`showcase.html?m=` or `/showcase/<id>.html`), or any other show URL with `m=`. The start position comes
 * from `start`, or from `ss` and `sr` together.
 */
export interface ScanKey {
  modelId: string;
  /** `start=<value>`, or `ss=<sweep>&sr=<rotation>`; null when the link sets none. */
  startPosition: string | null;
}

const MODEL_ID = /^[A-Za-z0-9]{5,}$/;
const PATH_FORMS = [
  /\/models\/([A-Za-z0-9]{5,})(?:\/|$)/,
  /\/space\/([A-Za-z0-9]{5,})(?:[/-]|$)/,
  /\/showcase\/([A-Za-z0-9]{5,})\.html$/,
  /\/show\/([A-Za-z0-9]{5,})(?:\/|$)/,
];

export function parseScanKey(input: string): ScanKey | null {
  const text = input.trim();
  if (MODEL_ID.test(text)) return { modelId: text, startPosition: null };
  const url = parseUrl(text);
  if (!url) return null;
  const fromQuery = url.searchParams.get('m') ?? url.searchParams.get('model');
  const modelId =
    fromQuery && MODEL_ID.test(fromQuery)
      ? fromQuery
      : PATH_FORMS.map((form) => form.exec(url.pathname)?.[1]).find((id): id is string => Boolean(id));
  if (!modelId) return null;
  return { modelId, startPosition: startPositionOf(url.searchParams) };
}

function startPositionOf(params: URLSearchParams): string | null {
  const start = params.get('start');
  if (start) return `start=${start}`;
  const sweep = params.get('ss');
  const rotation = params.get('sr');
  return sweep && rotation ? `ss=${sweep}&sr=${rotation}` : null;
}

/** A URL, also when pasted without its scheme or inside an iframe snippet. */
function parseUrl(text: string): URL | null {
  const src = /src=["']([^"']+)["']/.exec(text)?.[1] ?? text;
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(src) ? src : `https://${src}`;
  try {
    const url = new URL(candidate.replace(/&amp;/g, '&'));
    return url.hostname.includes('.') ? url : null;
  } catch {
    return null;
  }
}
