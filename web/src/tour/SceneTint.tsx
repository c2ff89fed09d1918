import './scene-tint.css';

/**
 * The staging preset's tint over the scan (the scene's global lighting): a colour blended over the Showcase frame,
 * subtle, that no click ever meets. Nothing without a tint.
 */
export function SceneTint({ tint }: { tint: { color: string; opacity: number } | null }) {
  if (!tint) return null;
  return (
    <div
      className="scene-tint"
      aria-hidden="true"
      data-tint={tint.color}
      style={{ backgroundColor: tint.color, opacity: tint.opacity }}
    />
  );
}
