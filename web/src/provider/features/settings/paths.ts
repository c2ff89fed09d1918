/** The settings page; Matterport's callback sends the browser back here, told how connecting went. */
export const SETTINGS_PATH = '/provider/settings';
