import { escapeHtml as escape, hiddenFields } from '../oauth-helpers';
import type { SketchfabUser } from './catalogue';

const SCOPE_LABELS: Record<string, string> = {
  read: 'Read your profile, your models and download models on your behalf',
  write: 'Upload and edit models on your behalf',
};

/**
 * The consent page of `GET /oauth2/authorize/`: "Authorize <application>", what it may do, one button per account
 * (`<button name="account" value="harbour-staging">Continue as Harbour Staging Co</button>`) and a Cancel button
 * (`name="decision" value="deny"`), in a form posting every query parameter back as hidden inputs.
 */
export function consentPage(input: {
  action: string;
  clientName: string;
  scope: string[];
  accounts: readonly SketchfabUser[];
  params: URLSearchParams;
}): string {
  const heading = `Authorize ${input.clientName}`;
  const hidden = hiddenFields(input.params);
  const scopes = input.scope.map((scope) => `<li>${escape(SCOPE_LABELS[scope] ?? scope)}</li>`).join('');
  const accounts = input.accounts
    .map(
      (account) =>
        `<button type="submit" name="account" value="${escape(account.username)}">Continue as ${escape(account.displayName)}</button>`,
    )
    .join('\n        ');
  return page(
    heading,
    `<h1>${escape(heading)}</h1>
    <p>${escape(input.clientName)} would like to connect to your Sketchfab account and:</p>
    <ul>${scopes}</ul>
    <form method="post" action="${escape(input.action)}">
      ${hidden}
      <fieldset>
        <legend>Sign in to Sketchfab as</legend>
        ${accounts}
      </fieldset>
      <button type="submit" name="decision" value="deny" class="secondary">Cancel</button>
    </form>
    <p class="note">Sketchfab emulator: no password is asked; pick an account.</p>`,
  );
}

/** An authorization request that cannot be sent back to the client (unknown client, unregistered redirect URI). */
export function errorPage(message: string): string {
  return page(
    'Error',
    `<h1>Error: invalid request</h1>
    <p role="alert">${escape(message)}</p>`,
  );
}

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} - Sketchfab</title>
<style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #222; background: #f5f7f8; }
  main { max-width: 26rem; margin: 0 auto; padding: 24px 16px; }
  .logo { font-weight: 800; color: #1caad9; }
  fieldset { border: 0; padding: 0; margin: 16px 0; display: grid; gap: 8px; }
  button { width: 100%; min-height: 48px; border-radius: 4px; border: 1px solid #1caad9; background: #1caad9;
    color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button:focus-visible { outline: 3px solid #0b6e8f; outline-offset: 2px; }
  .secondary { background: #fff; color: #1c7ea0; }
  .note { font-size: .875rem; color: #5a6670; }
</style></head>
<body><main><p class="logo">SKETCHFAB</p>
    ${main}
</main></body></html>`;
}
