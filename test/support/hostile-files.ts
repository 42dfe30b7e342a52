// Files made to hurt a decoder, small on disk: the cases a tutor's scanner or an attacker hands the
// app (issue: untrusted decoding out of main). Each is written here from the formats' own rules.
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A greyscale PNG whose header declares `width` × `height`, with a little real data after it. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(Math.min(width * height + height, 2_000_000)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG whose frame header says it is `width` wide and 0 high. */
export function jpegOfHeightZero(width = 100): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x00, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), frame, Buffer.from([0xff, 0xd9])]);
}

/** A PDF from its numbered objects (1-based, in order), with a correct cross-reference table. */
export function pdfOf(objects: (string | Buffer)[], root = 1): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof object === 'string' ? Buffer.from(object, 'latin1') : object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root ${root} 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
  ].join('\n');
  parts.push(Buffer.from(`${xref}\n`, 'latin1'));
  return Buffer.concat(parts);
}

function stream(dictionary: string, data: Buffer): Buffer {
  const packed = deflateSync(data, { level: 9 });
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`, 'latin1'),
    packed,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** One A4 page drawing one `side` × `side` one-bit image: a few KB that decode to side² pixels. */
export function pdfWithHugeImage(side: number): Buffer {
  const rowBytes = Math.ceil(side / 8);
  const content = Buffer.from('q 595 0 0 842 0 0 cm /Im1 Do Q', 'latin1');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    stream('', content),
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1`,
      Buffer.alloc(rowBytes * side, 0x55),
    ),
  ]);
}

/** One page whose content is `count` tiny stroked paths: small compressed, slow to draw. */
export function pdfWithPathOperations(count: number): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`${(i % 7) * 80} 400 m ${(i % 7) * 80 + 3} 403 l S`);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream('', Buffer.from(lines.join('\n'), 'latin1')),
  ]);
}

/** A page tree that points at itself (or, with `nowhere`, at an object that does not exist). */
export function pdfWithBrokenPageTree(kind: 'loop' | 'nowhere'): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    kind === 'loop' ? '<< /Type /Pages /Kids [2 0 R] /Count 1 >>' : '<< /Type /Pages /Kids [9 0 R] /Count 1 >>',
  ]);
}

/** `pages` blank A4 pages, written without any library: a long scan with nothing on it. */
export function blankPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
  ]);
}
