// Reads the PNGs Chromium's canvas writes (8-bit RGBA, not interlaced): enough to look at pixels.
import { inflateSync } from 'node:zlib';

export class PNG {
  private constructor(
    readonly width: number,
    readonly height: number,
    private readonly rgba: Uint8Array,
  ) {}

  static decode(bytes: Buffer): PNG {
    let offset = 8;
    let width = 0;
    let height = 0;
    const data: Buffer[] = [];
    while (offset < bytes.length) {
      const length = bytes.readUInt32BE(offset);
      const type = bytes.toString('latin1', offset + 4, offset + 8);
      const body = bytes.subarray(offset + 8, offset + 8 + length);
      if (type === 'IHDR') {
        width = body.readUInt32BE(0);
        height = body.readUInt32BE(4);
        if (body[8] !== 8 || body[9] !== 6 || body[12] !== 0) throw new Error('only 8-bit RGBA, not interlaced');
      } else if (type === 'IDAT') data.push(body);
      offset += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(data));
    const stride = width * 4;
    const out = new Uint8Array(stride * height);
    for (let y = 0; y < height; y++) {
      const filter = raw[y * (stride + 1)] ?? 0;
      for (let x = 0; x < stride; x++) {
        const value = raw[y * (stride + 1) + 1 + x] ?? 0;
        const left = x >= 4 ? (out[y * stride + x - 4] ?? 0) : 0;
        const up = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
        const upLeft = x >= 4 && y > 0 ? (out[(y - 1) * stride + x - 4] ?? 0) : 0;
        let predicted = 0;
        if (filter === 1) predicted = left;
        else if (filter === 2) predicted = up;
        else if (filter === 3) predicted = (left + up) >> 1;
        else if (filter === 4) {
          const p = left + up - upLeft;
          const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
          predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
        }
        out[y * stride + x] = (value + predicted) & 0xff;
      }
    }
    return new PNG(width, height, out);
  }

  /** Darker than light grey (text, lines, figures). */
  dark(x: number, y: number): boolean {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return false;
    const i = (y * this.width + x) * 4;
    return ((this.rgba[i] ?? 255) + (this.rgba[i + 1] ?? 255) + (this.rgba[i + 2] ?? 255)) / 3 < 160;
  }
}
