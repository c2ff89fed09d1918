import { tourPublicId } from '@tourly/contracts';
import { aProperty } from './media-support';
import { shareTour, type PropertiesAlone, type Person } from './support';

/** Tiny audio made on the spot (no binary fixtures in the repository). */

/** A valid WAV: a 44-byte header and `seconds` of silence, 8 kHz mono 8-bit. */
export function wav(seconds = 0.1): Buffer {
  const samples = Math.round(8000 * seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16); // the fmt chunk's size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24); // samples a second
  header.writeUInt32LE(8000, 28); // bytes a second
  header.writeUInt16LE(1, 32); // bytes a sample
  header.writeUInt16LE(8, 34); // bits a sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}

/** Three silent MPEG-1 layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each), no ID3 tag. */
export function mp3(): Buffer {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x64]).copy(frame);
  return Buffer.concat([frame, frame, frame]);
}

/** The start of an M4A (an `ftyp` box of brand `M4A `) and padding: enough for the content check. */
export const m4a = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypM4A \0\0\0\0M4A mp42isom\0\0\0\0'),
    Buffer.alloc(512),
  ]);

/** An Ogg page's capture pattern and padding: enough for the content check. */
export const ogg = () => Buffer.concat([Buffer.from('OggS\0\x02', 'latin1'), Buffer.alloc(512)]);

/** A property of the person's with its player link: its id, slug and public id. */
export async function aTourOf(person: Person, title: string) {
  const propertyId = await aProperty(person, title);
  const link = (await person.get(`/provider/properties/${propertyId}/player_link`)).body.data;
  const property = (await person.get(`/provider/properties/${propertyId}`)).body.data;
  return {
    propertyId,
    slug: property.slug as string,
    publicId: tourPublicId(link.client_slug, link.model_slug),
  };
}

/** The tour shared as a premium tour (a plan that publishes, the tour's published features tour and premium). */
export async function sharePremium(it_: PropertiesAlone, person: Person, propertyId: string): Promise<void> {
  await shareTour(it_, person, propertyId);
  const premium = await person.send('put', `/provider/properties/${propertyId}/published_features`, {
    published_features: { tour: true, premium: true },
  });
  if (premium.status !== 200) throw new Error(`tour not premium: ${premium.status} ${premium.text}`);
}
