/** The top-down plan's window on the floor: metres, x across, z down the page (as seen from above, north up). */
export interface PlanBox {
  minX: number;
  minZ: number;
  width: number;
  height: number;
}

/** Room around the outermost piece or sweep, and the smallest window shown (a piece alone is not drawn huge). */
const MARGIN_M = 1.5;
const MIN_SPAN_M = 6;

/** The window that shows every point given (pieces, the scan's sweeps on that floor), with room around them. */
export function planBox(points: ReadonlyArray<{ x: number; z: number }>): PlanBox {
  if (points.length === 0)
    return { minX: -MIN_SPAN_M / 2, minZ: -MIN_SPAN_M / 2, width: MIN_SPAN_M, height: MIN_SPAN_M };
  const xs = points.map((point) => point.x);
  const zs = points.map((point) => point.z);
  const span = (low: number, high: number) => {
    const wide = Math.max(high - low + 2 * MARGIN_M, MIN_SPAN_M);
    const centre = (low + high) / 2;
    return [centre - wide / 2, wide] as const;
  };
  const [minX, width] = span(Math.min(...xs), Math.max(...xs));
  const [minZ, height] = span(Math.min(...zs), Math.max(...zs));
  return { minX, minZ, width, height };
}

/** A point of the plan's drawing (its on-screen box) in the scan's metres. */
export function planPoint(
  box: PlanBox,
  drawn: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): { x: number; z: number } {
  // The drawing keeps the plan's proportions (preserveAspectRatio meet): the scale is the tighter of the two.
  const scale = Math.min(drawn.width / box.width, drawn.height / box.height);
  const offsetX = (drawn.width - box.width * scale) / 2;
  const offsetY = (drawn.height - box.height * scale) / 2;
  return {
    x: box.minX + (clientX - drawn.left - offsetX) / scale,
    z: box.minZ + (clientY - drawn.top - offsetY) / scale,
  };
}
