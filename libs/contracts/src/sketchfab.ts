/**
 * Sketchfab imports into the staging asset library (issue 36, 002 §7 "Provider: staging and Sketchfab", §8): the
 * provider's Sketchfab connection and the words of every refusal. The web wraps each refusal as a SketchfabError whose
 * message is the answer's `errors.base[0]`.
 */

/** Where Sketchfab sends the browser back to after the provider answered its authorisation page. */
export const SKETCHFAB_CALLBACK_PATH = '/api/integrations/sketchfab/callback';

/** The page the callback ends on: the property's staging editor, `?sketchfab=connected` or `?sketchfab=failed&reason=`. */
export function sketchfabReturnPage(propertyId: string): string {
  return `/provider/properties/${propertyId}/vt_staging/edit`;
}

export const SKETCHFAB_MESSAGES = {
  notConfigured: 'Importing from Sketchfab is not set up on this platform.',
  notConnected: 'Connect your Sketchfab account before importing its models.',
  broken: 'Sketchfab refused to renew access: connect your Sketchfab account again.',
  unavailable: 'Sketchfab is not answering right now; please try again in a moment.',
  downloadFailed: 'The model could not be downloaded from Sketchfab; please try again in a moment.',
  modelNotFound: 'Sketchfab model not found',
  notDownloadable: 'This Sketchfab model cannot be downloaded: its author does not offer it for download.',
  /** A licence that does not let a provider use the model, unchanged, in a scene it sells (the rule: sketchfab.rules). */
  licenseRefused: (label: string) =>
    `This model's licence (${label}) does not allow using it in a staged scene: choose a model under CC0, CC ` +
    'Attribution, CC Attribution-ShareAlike or the Standard licence.',
  /** The asset library's own check, said of the model (`has 150,001 triangles; ...`). */
  modelRefused: (reason: string) => `This Sketchfab model cannot be staged: it ${reason}.`,
  archiveUnreadable: 'This Sketchfab model’s download is not a glTF model the library can read.',
  /** Callback refusals, as `reason` on the staging editor. */
  denied: 'You did not allow access on Sketchfab.',
  stateRefused: 'This connection attempt has expired or was not started by you here. Please start again.',
  codeRefused: 'Sketchfab did not accept the authorisation. Please start again.',
  vendorError: 'Sketchfab could not complete the authorisation. Please start again.',
} as const;
