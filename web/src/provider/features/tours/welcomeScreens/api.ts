import { api } from '../../../../api/client';
import type { Answer } from '../../../../api/types';

/** A property's welcome screens (GET/POST /provider/properties/{id}/welcome_screens), camelCased. */
export type WelcomeScreen = Answer<
  '/provider/properties/{id}/welcome_screens',
  'get'
>['welcomeScreens'][number];

/** A screen as the editor sends it: its media by the file's id (a new upload's, or the one it shows). */
export interface WelcomeScreenForm {
  title: string;
  text: string;
  buttonLabel: string;
  media: {
    type: WelcomeScreen['media']['type'];
    size: WelcomeScreen['media']['size'];
    fileId: string | null;
  };
}

export async function fetchWelcomeScreens(
  propertyId: string,
  signal?: AbortSignal,
): Promise<WelcomeScreen[]> {
  return (await api.get('/provider/properties/{id}/welcome_screens', { params: { id: propertyId }, signal }))
    .welcomeScreens;
}

/** Saves the whole sequence, in its order; the answer is what was stored. */
export async function saveWelcomeScreens(
  propertyId: string,
  screens: WelcomeScreenForm[],
): Promise<WelcomeScreen[]> {
  return (
    await api.post(
      '/provider/properties/{id}/welcome_screens',
      { welcomeScreens: screens },
      { params: { id: propertyId } },
    )
  ).welcomeScreens;
}
