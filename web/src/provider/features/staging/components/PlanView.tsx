import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { planBox, planPoint, type PlanBox } from '../plan';
import type { Placement } from '../placements';

export interface PlanPiece {
  placement: Placement;
  name: string;
  /** the model's own footprint, metres (before the placement's scale) */
  width: number;
  depth: number;
}

/**
 * The floor seen from above (x across, z down the page): each piece its footprint turned by its yaw, the scan's
 * sweeps as dots for bearings. A piece is selected by a click and dragged across the floor (one undo step per drag);
 * the keys go to `onKey` while the plan has the focus.
 */
export function PlanView({
  pieces,
  sweeps,
  selectedId,
  onSelect,
  onDrag,
  onKey,
}: {
  pieces: PlanPiece[];
  sweeps: Array<{ x: number; z: number }>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** `first`: the drag's first move (a new undo step); later moves replace it */
  onDrag: (id: string, x: number, z: number, first: boolean) => void;
  onKey: (event: KeyboardEvent<SVGSVGElement>) => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ id: string; moved: boolean; grabX: number; grabZ: number } | null>(null);
  // The window stays put while a piece is dragged: it would otherwise grow under the pointer.
  const [frozen, setFrozen] = useState<PlanBox | null>(null);
  const fitted = useMemo(
    () =>
      planBox([
        ...sweeps,
        ...pieces.map(({ placement }) => ({ x: placement.position.x, z: placement.position.z })),
      ]),
    [pieces, sweeps],
  );
  const box = frozen ?? fitted;

  const pointOf = (event: PointerEvent) =>
    planPoint(box, svg.current!.getBoundingClientRect(), event.clientX, event.clientY);

  function grab(event: PointerEvent<SVGGElement>, piece: Placement) {
    event.stopPropagation();
    onSelect(piece.id);
    const at = pointOf(event);
    drag.current = {
      id: piece.id,
      moved: false,
      grabX: at.x - piece.position.x,
      grabZ: at.z - piece.position.z,
    };
    setFrozen(box);
    svg.current?.setPointerCapture(event.pointerId);
  }

  function move(event: PointerEvent<SVGSVGElement>) {
    const dragging = drag.current;
    if (!dragging) return;
    const at = pointOf(event);
    onDrag(dragging.id, at.x - dragging.grabX, at.z - dragging.grabZ, !dragging.moved);
    dragging.moved = true;
  }

  function drop() {
    drag.current = null;
    setFrozen(null);
  }

  const grid = [];
  for (let x = Math.ceil(box.minX); x <= box.minX + box.width; x++)
    grid.push(<line key={`x${x}`} x1={x} x2={x} y1={box.minZ} y2={box.minZ + box.height} />);
  for (let z = Math.ceil(box.minZ); z <= box.minZ + box.height; z++)
    grid.push(<line key={`z${z}`} y1={z} y2={z} x1={box.minX} x2={box.minX + box.width} />);

  return (
    <svg
      ref={svg}
      className="staging-plan"
      viewBox={`${box.minX} ${box.minZ} ${box.width} ${box.height}`}
      preserveAspectRatio="xMidYMid meet"
      role="application"
      aria-label="Plan of the floor"
      aria-describedby="staging-plan-keys"
      tabIndex={0}
      onPointerMove={move}
      onPointerUp={drop}
      onPointerCancel={drop}
      onPointerDown={() => onSelect(null)}
      onKeyDown={onKey}
    >
      <g className="staging-plan-grid">{grid}</g>
      {sweeps.map((sweep, index) => (
        <circle key={index} className="staging-plan-sweep" cx={sweep.x} cy={sweep.z} r={0.08} />
      ))}
      {pieces.map(({ placement, name, width, depth }) => {
        const w = Math.max(width * placement.scale, 0.2);
        const d = Math.max(depth * placement.scale, 0.2);
        const selected = placement.id === selectedId;
        return (
          <g
            key={placement.id}
            role="button"
            aria-label={name}
            aria-pressed={selected}
            data-placement-id={placement.id}
            className={`staging-plan-piece${selected ? ' is-selected' : ''}`}
            transform={`translate(${placement.position.x} ${placement.position.z}) rotate(${-placement.yaw})`}
            onPointerDown={(event) => grab(event, placement)}
          >
            <rect x={-w / 2} y={-d / 2} width={w} height={d} rx={0.05} />
            {/* The model's front (its +z side), so a turn shows which way it faces. */}
            <line x1={-w / 4} x2={w / 4} y1={d / 2 - 0.06} y2={d / 2 - 0.06} className="staging-plan-front" />
            <text
              x={0}
              y={0}
              textAnchor="middle"
              dominantBaseline="middle"
              transform={`rotate(${placement.yaw})`}
            >
              {name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
