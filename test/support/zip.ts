/** The entries of a zip (stored, not deflated: what the download writes), from its central directory. */
export function readZip(zip: Buffer): Array<{ name: string; data: Buffer; utf8: boolean }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Array<{ name: string; data: Buffer; utf8: boolean }> = [];
  for (let n = 0; n < count; n += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (method !== 0) throw new Error(`entry ${name} is compressed (method ${method})`);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, data: zip.subarray(dataStart, dataStart + size), utf8: (flags & 0x800) !== 0 });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
