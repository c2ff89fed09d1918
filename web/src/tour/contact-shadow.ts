// Never inlined as a data URL: Showcase's loader fetches it as it fetches the library's GLBs, from the app's assets.
import contactShadowUrl from './contact-shadow.glb?url&no-inline';

/**
 * The soft contact shadow placed under each staged piece when the scene's shadows are on: a flat disc (0.55 m across
 * each way from its centre, so a 1 × 1 footprint and a margin), black, half transparent at its centre and fading out
 * to its rim (vertex colours' alpha), sized by each piece's footprint. Served with the web app's assets.
 */
export const CONTACT_SHADOW_URL: string = contactShadowUrl;
