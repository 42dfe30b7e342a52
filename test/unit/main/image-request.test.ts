import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveImageRequest } from '../../../main/app/image-request.js';
import { ImageCache, sniffImage } from '../../../main/core/images/cache.js';
import { pngFor, svgFor } from '../../fake-api/images.js';
import { tempDir } from '../../support/temp.js';

let cache: ImageCache;
let sha = '';
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  cache = await ImageCache.open(temp.dir);
  sha = (await cache.put('https://cdn.example/a.png', pngFor('a'))) ?? '';
});
afterAll(() => cleanup());

describe('exam-image:// protocol', () => {
  it('serves a cached image by its content hash', () => {
    expect(resolveImageRequest(`exam-image://img/${sha}`, cache)).toMatchObject({ status: 200, mime: 'image/png' });
  });
  it('answers 404 for an unknown hash', () => {
    expect(resolveImageRequest(`exam-image://img/${'0'.repeat(64)}`, cache)).toEqual({ status: 404 });
  });
  it.each([
    'exam-image://img/../vault.json',
    'exam-image://img/..%2F..%2Fvault.json',
    'exam-image://img/%2e%2e/settings.json',
    `exam-image://img/${'a'.repeat(63)}`,
    'exam-image://other/abc',
    `exam-image://img/${'a'.repeat(64)}?x=1`,
    'not a url',
  ])('answers 400 for %s', (url) => {
    expect(resolveImageRequest(url, cache).status).toBe(400);
  });
});

describe('image bytes', () => {
  it('recognises images by magic bytes, not by name', () => {
    expect(sniffImage(pngFor('x'))).toBe('image/png');
    expect(sniffImage(svgFor('x'))).toBe('image/svg+xml');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImage(Buffer.from('MZ\x90\x00 executable'))).toBeNull();
  });
  it('refuses to store bytes that are not an image', async () => {
    expect(await cache.put('https://cdn.example/fake.png', Buffer.from('not an image'))).toBeNull();
    expect(cache.resolve('https://cdn.example/fake.png')).toBeNull();
  });
});
