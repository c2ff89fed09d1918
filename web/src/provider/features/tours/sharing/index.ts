/**
 * Sharing a tour (001 §3, §7 "Virtual tours and player links"): the player link's query and the tour space's
 * Share Settings, Password and URL Parameters tabs, each `({ propertyId })`.
 */
export { usePlayerLinkQuery } from './queries';
export type { PlayerLink } from './api';
export { ShareSettingsTab } from './components/ShareSettingsTab';
export { PasswordTab } from './components/PasswordTab';
export { UrlParametersTab } from './components/UrlParametersTab';
export { PropertyShare } from './components/PropertyShare';
export { CopyField } from './components/CopyField';
