// Resolves an exam-image:// request to a cached file. Names are content hashes
// only, so a request cannot point outside the image folder (no traversal).
import type { ImageCache } from '../core/images/cache.js';

export type ImageAnswer = { status: 200; path: string; mime: string } | { status: 400 | 404 };

export function resolveImageRequest(url: string, images: ImageCache): ImageAnswer {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { status: 400 };
  }
  const match = /^\/([0-9a-f]{64})$/.exec(parsed.pathname);
  if (parsed.host !== 'img' || !match?.[1] || parsed.search || url.includes('..') || url.includes('%'))
    return { status: 400 };
  const file = images.fileOf(match[1]);
  return file ? { status: 200, path: file.path, mime: file.mime } : { status: 404 };
}
