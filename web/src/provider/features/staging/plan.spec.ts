import { describe, expect, it } from '@jest/globals';
import { planBox, planPoint } from './plan';

describe('the top-down plan', () => {
  it('shows every point with room around it, at least six metres across', () => {
    expect(planBox([])).toEqual({ minX: -3, minZ: -3, width: 6, height: 6 });
    expect(planBox([{ x: 1, z: 1 }])).toEqual({ minX: -2, minZ: -2, width: 6, height: 6 });
    expect(
      planBox([
        { x: -5, z: 0 },
        { x: 5, z: 2 },
      ]),
    ).toEqual({ minX: -6.5, minZ: -2, width: 13, height: 6 });
  });

  it('reads a point on the drawing in metres, the drawing centred at the plan’s proportions', () => {
    const box = { minX: -3, minZ: -3, width: 6, height: 6 };
    // A 600 x 300 drawing shows the 6 m square 300 px wide, centred: 150 px either side.
    const drawn = { left: 10, top: 20, width: 600, height: 300 };
    expect(planPoint(box, drawn, 10 + 150, 20)).toEqual({ x: -3, z: -3 });
    expect(planPoint(box, drawn, 10 + 300, 20 + 150)).toEqual({ x: 0, z: 0 });
    expect(planPoint(box, drawn, 10 + 450, 20 + 300)).toEqual({ x: 3, z: 3 });
  });
});
