import { PRODUCT_NAME } from '../shared/strings';
import { AREA_LABELS, type ConsoleArea } from './areas';

interface AccessDeniedProps {
  area: ConsoleArea;
  /** Where the signed-in person belongs: their own console area, or the provider pages. */
  home: { path: string; label: string };
}

/**
 * A signed-in person opening a back office that is not theirs (a provider's user, a client user, a virtual
 * assistant in the administrators' console...): what happened, and the way to where they belong. The services
 * refuse every request of theirs there anyway; this page says so before any is made.
 */
export function AccessDenied({ area, home }: AccessDeniedProps) {
  return (
    <main className="page">
      <title>{`Access denied · ${PRODUCT_NAME}`}</title>
      <h1>Access denied</h1>
      <p>
        The {AREA_LABELS[area].toLowerCase()} console is for {AREA_AUDIENCE[area]} only, and your account is
        not one of them.
      </p>
      <p>
        <a href={home.path}>{home.label}</a>
      </p>
    </main>
  );
}

const AREA_AUDIENCE: Record<ConsoleArea, string> = {
  admin: 'platform administrators',
  virtual_assistant: 'virtual assistants and administrators',
  external_supplier: 'external suppliers and administrators',
};
