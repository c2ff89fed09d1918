/**
 * Answers a vendor's OAuth consent page as the emulators serve it (Matterport's, Sketchfab's) the way a person does:
 * its form posted back with an account chosen, or declined. Answers where the vendor then sends the browser (the
 * callback's path and query, for the platform).
 */
export async function answerConsentPage(
  vendor: string,
  authUrl: string,
  choice: { account: string } | 'deny',
): Promise<string> {
  const url = new URL(authUrl);
  const page = await fetch(url);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (page.status !== 200 || !action) throw new Error(`${vendor}'s page answered ${page.status}: ${html}`);
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    form.append(unescapeHtml(name!), unescapeHtml(value!));
  if (choice === 'deny') form.set('decision', 'deny');
  else form.set('account', choice.account);
  const answer = await fetch(new URL(unescapeHtml(action), url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`${vendor}'s form answered ${answer.status}`);
  const back = new URL(location);
  return `${back.pathname}${back.search}`;
}

/** The emulators escape what HTML gives a meaning to, by name or as a numeric reference (`&#38;`). */
function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
