import { answerConsentPage } from './consent-page';

/** The Sketchfab emulator's accounts a person can sign in as on its authorisation page. */
export type SketchfabAccount = 'harbour-staging' | 'demo-stager';

/**
 * Answers Sketchfab's authorisation page at `authUrl` (what `auth_url` answered) as a person does: its form posted
 * back with an account, or Cancel. Answers the callback Sketchfab sends the browser to (path and query, for the
 * platform).
 */
export function authorizeOnSketchfab(authUrl: string, choice: SketchfabAccount | 'deny'): Promise<string> {
  return answerConsentPage('Sketchfab', authUrl, choice === 'deny' ? 'deny' : { account: choice });
}
