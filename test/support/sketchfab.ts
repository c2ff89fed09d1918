/** The Sketchfab emulator's accounts a person can sign in as on its authorisation page. */
export type SketchfabAccount = 'harbour-staging' | 'demo-stager';

/**
 * Answers Sketchfab's authorisation page at `authUrl` (what `auth_url` answered) as a person does: its form posted
 * back with an account, or Cancel. Answers the callback Sketchfab sends the browser to (path and query, for the
 * platform).
 */
export async function authorizeOnSketchfab(
  authUrl: string,
  choice: SketchfabAccount | 'deny',
): Promise<string> {
  const url = new URL(authUrl);
  const page = await fetch(url);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (page.status !== 200 || !action) throw new Error(`Sketchfab's page answered ${page.status}: ${html}`);
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    form.append(unescapeHtml(name!), unescapeHtml(value!));
  if (choice === 'deny') form.set('decision', 'deny');
  else form.set('account', choice);
  const answer = await fetch(new URL(unescapeHtml(action), url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`Sketchfab's form answered ${answer.status}`);
  const back = new URL(location);
  return `${back.pathname}${back.search}`;
}

/** The emulator escapes every character HTML gives a meaning to as a numeric reference (`&#38;`). */
function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
