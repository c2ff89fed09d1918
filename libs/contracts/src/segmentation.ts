/**
 * Segmentation (002 §3 "Segmentation scene ... and segmented panos"; 001 §7 `enqueue_equi_segmentation`): each
 * panorama of a property's scan sent to the segmentation engine, the rooms' surfaces, openings and furniture named.
 */

/** A job: running until every panorama is settled; done when all were segmented, failed when one or more were not. */
export const SEGMENTATION_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export type SegmentationJobStatus = (typeof SEGMENTATION_JOB_STATUSES)[number];

/** One panorama of a job. */
export const SEGMENTATION_STEP_STATUSES = ['queued', 'done', 'failed'] as const;
export type SegmentationStepStatus = (typeof SEGMENTATION_STEP_STATUSES)[number];

/** What the engine names in a panorama, and of what kind (furniture is what staging's empty-room detection reads). */
export const SEGMENT_KINDS = ['surface', 'opening', 'furniture'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** The most panoramas one job takes (Matterport's largest spaces have a few hundred scan positions). */
export const SEGMENTATION_MAX_PANORAMAS = 1000;

export const SEGMENTATION_MESSAGES = {
  noPanoramas:
    'Matterport has no panoramas of this scan yet: segment it once Matterport has processed the scan.',
  tooManyPanoramas: `This scan has more than ${SEGMENTATION_MAX_PANORAMAS} panoramas, more than one segmentation takes.`,
} as const;
