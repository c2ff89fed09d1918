// The visitor's custom tags: tags.json of a shared premium tour with 200 tags (CUSTOM_TAG_LIMITS.tagsPerTour, every
// media type, one page of the list's largest size twice over: page_size=100, pages 1 and 2 alike) through the
// gateway, against a static file of the same bytes served by the same gateway, each for 10 s with autocannon.
// Target: tags.json >= 50% of the static file's throughput (issue 34). Three alternating rounds, the median reported.
const { record } = require('./support');
const { aSharedTour, compareWithStatic, withPlayerPlatform } = require('./static-comparison');

const TAGS = 200;
const MEDIA = [
  { type: 'no_media' },
  { type: 'video', url: 'https://vimeo.com/76979871', size: 'large' },
  { type: 'rich', sub_type: 'matterport_body', text: 'Three bedrooms.\n\nA garden facing south.' },
  { type: 'website', url: 'https://example.com/listing' },
];

async function main() {
  await withPlayerPlatform(async ({ gatewayUrl, webDist, db }) => {
    const { owner, propertyId, publicId } = await aSharedTour({ gatewayUrl, db }, { premium: true });
    const headers = {
      cookie: owner.cookie,
      'x-csrf-token': owner.csrfToken,
      'content-type': 'application/json',
    };
    const tags = Array.from({ length: TAGS }, (_, index) => ({
      label: `Tag ${index + 1}`,
      description: `What tag ${index + 1} shows the visitor`,
      icon: 'star',
      color: '#e4572e',
      position: { anchor: { x: index / 10, y: 1, z: -index / 20 }, stem_normal: { x: 0, y: 1, z: 0 } },
      sweep_id: `sweep-${index % 40}`,
      media: MEDIA[index % MEDIA.length],
    }));
    const saved = await fetch(`${gatewayUrl}/provider/properties/${propertyId}/custom_tag_layer`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ tag_layer: { custom_tags: tags } }),
    });
    if (saved.status !== 200) throw new Error(`tags not saved: ${saved.status} ${await saved.text()}`);
    const measured = await compareWithStatic({
      gatewayUrl,
      webDist,
      answerPath: `/digital_twin/${publicId}/layers/tags.json?page_size=100`,
      staticName: 'tags.json',
      revalidate: false,
    });
    const { failed, ...result } = measured;
    Object.assign(result, { tags: TAGS, target: 'median full.throughputRatio >= 0.50' });
    record('tags-json', result);
    console.log(JSON.stringify(result, null, 2));
    if (failed || result.median.full.throughputRatio < 0.5) process.exitCode = 1;
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
