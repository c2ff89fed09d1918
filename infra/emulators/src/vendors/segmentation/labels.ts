/**
 * What the emulated segmentation engine recognises, and the colour it recognises it by: the emulated Matterport
 * paints its panoramas in these colours (with some noise), and the engine names each pixel after the nearest of
 * them. A real engine learns its classes; the emulator's are fixed, so every answer is the same on every run.
 * Ordered: a label's index is its value in the engine's mask (0 is "unlabelled").
 */
export const SEGMENTATION_LABELS = [
  { label: 'ceiling', rgb: [236, 236, 228], kind: 'surface' },
  { label: 'wall', rgb: [214, 196, 160], kind: 'surface' },
  { label: 'floor', rgb: [122, 86, 58], kind: 'surface' },
  { label: 'window', rgb: [130, 190, 236], kind: 'opening' },
  { label: 'door', rgb: [84, 52, 34], kind: 'opening' },
  { label: 'sofa', rgb: [60, 110, 84], kind: 'furniture' },
  { label: 'table', rgb: [176, 120, 40], kind: 'furniture' },
  { label: 'bed', rgb: [200, 80, 96], kind: 'furniture' },
  { label: 'cabinet', rgb: [96, 96, 110], kind: 'furniture' },
] as const satisfies ReadonlyArray<{ label: string; rgb: readonly [number, number, number]; kind: string }>;

export type SegmentationLabel = (typeof SEGMENTATION_LABELS)[number]['label'];
export type SegmentationLabelKind = (typeof SEGMENTATION_LABELS)[number]['kind'];
