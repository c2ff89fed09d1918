import { escapeHtml as escape, hiddenFields } from '../oauth-helpers';
import type { OAuthAccount } from './models';

/** What the consent page asks for each scope. */
const SCOPE_LABELS: Record<string, string> = {
  ViewDetails: 'See your models and their details (names, addresses, rooms)',
  ViewPublic: 'See your public models',
  EditDetails: 'Change your models’ details',
  DownloadAssets: 'Download your models’ assets',
  PurchaseAssets: 'Purchase assets for your models',
};

/**
 * The consent page of `GET /oauth/authorize`: who asks, for what, one button per account a person can sign in
 * as (`<button name="account" value="harbour-studio">Continue as Harbour Studio</button>`) and a Deny button,
 * in a form posting every query parameter back as hidden inputs.
 */
export function consentPage(input: {
  action: string;
  clientName: string;
  scope: string[];
  accounts: readonly OAuthAccount[];
  params: URLSearchParams;
}): string {
  const heading = `Allow ${input.clientName} to view your Matterport models?`;
  const hidden = hiddenFields(input.params);
  const scopes = input.scope.map((scope) => `<li>${escape(SCOPE_LABELS[scope] ?? scope)}</li>`).join('');
  const accounts = input.accounts
    .map(
      (account) =>
        `<button type="submit" name="account" value="${escape(account.id)}">Continue as ${escape(account.name)}</button>`,
    )
    .join('\n        ');
  return layout(
    heading,
    `<main>
    <p class="brand">Matterport</p>
    <h1>${escape(heading)}</h1>
    <p>${escape(input.clientName)} asks to:</p>
    <ul class="scopes">${scopes}</ul>
    <form method="post" action="${escape(input.action)}">
      ${hidden}
      <fieldset>
        <legend>Choose the Matterport account to connect</legend>
        ${accounts}
      </fieldset>
      <button type="submit" name="decision" value="deny" class="deny">Deny</button>
    </form>
    <p class="note">Matterport emulator: no password is asked; pick an account.</p>
  </main>`,
  );
}

/** A request the authorization server cannot send back to the client (unknown client, unregistered redirect URI). */
export function refusalPage(message: string): string {
  return layout(
    'Authorization request refused',
    `<main>
    <p class="brand">Matterport</p>
    <h1>This authorization request cannot be processed</h1>
    <p role="alert">${escape(message)}</p>
    <p>Return to the application and try connecting again, or contact its developer.</p>
  </main>`,
  );
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2328; background: #f4f5f7; }
  main { max-width: 28rem; margin: 0 auto; padding: 24px 16px; }
  .brand { margin: 0 0 8px; font-weight: 700; letter-spacing: .04em; color: #c8143a; }
  h1 { margin: 0 0 16px; font-size: 1.375rem; line-height: 1.3; }
  .scopes { padding-left: 1.25rem; }
  fieldset { margin: 16px 0; padding: 0; border: 0; display: grid; gap: 8px; }
  legend { margin-bottom: 8px; font-weight: 600; }
  button { width: 100%; min-height: 48px; padding: 10px 16px; border-radius: 8px; font: inherit; cursor: pointer;
    border: 1px solid #1f2328; background: #1f2328; color: #fff; }
  button:focus-visible { outline: 3px solid #c8143a; outline-offset: 2px; }
  .deny { background: #fff; color: #1f2328; }
  .note { margin-top: 24px; font-size: .875rem; color: #57606a; }
</style></head>
<body>${body}</body></html>`;
}
