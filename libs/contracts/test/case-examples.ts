/**
 * Keys as code and wire name them, for the tests of every side that converts them (contracts' rule, the services'
 * edge, the web's client): each pair converts both ways.
 */
export const CASE_EXAMPLES: ReadonlyArray<readonly [camel: string, snake: string]> = [
  ['currentPage', 'current_page'],
  ['utmSource', 'utm_source'],
  ['s3Key', 's3_key'],
  ['addressLine2', 'address_line2'],
  ['addressLine_2', 'address_line_2'],
  ['line1', 'line1'],
  ['line_1', 'line_1'],
  ['_destroy', '_destroy'],
  ['notALocationImage', 'not_a_location_image'],
  ['imageURL', 'image_u_r_l'],
  ['id', 'id'],
];
