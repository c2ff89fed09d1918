/** The client portal (issue 31): a client user's own area, apart from the provider workspace. */
export const PORTAL_PATH = '/portal';

/** Where a property of the portal opens, under the portal's own base (the portal, or a provider's preview of it). */
export const portalPropertyPath = (base: string, id: string) =>
  `${base}/properties/${encodeURIComponent(id)}`;

/** The provider's "Preview portal" of one of its clients: the portal as that client's users see it. */
export const portalPreviewPath = (clientId: string) =>
  `/provider/clients/${encodeURIComponent(clientId)}/portal_preview`;
