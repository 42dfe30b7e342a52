// app:// serves the built renderer (with the CSP header); exam-image:// serves
// cached images by content hash. Both refuse paths outside their folders.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { protocol } from 'electron';
import { MIME, resolveBundlePath } from '../app/bundle-path.js';
import { resolveImageRequest } from '../app/image-request.js';
import type { ImageCache } from '../core/images/cache.js';
import { APP_SCHEME, CONTENT_SECURITY_POLICY, IMAGE_SCHEME } from '../window-policy.js';

export function registerSchemes() {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: IMAGE_SCHEME, privileges: { standard: true, secure: true } },
  ]);
}

export function handleProtocols(rendererRoot: string, images: () => ImageCache) {
  protocol.handle(APP_SCHEME, async (request) => {
    const path = resolveBundlePath(request.url, rendererRoot);
    if (!path) return new Response('bad request', { status: 400 });
    try {
      return new Response(await readFile(path), {
        headers: {
          'Content-Type': MIME[extname(path)] ?? 'application/octet-stream',
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
  protocol.handle(IMAGE_SCHEME, async (request) => {
    const answer = resolveImageRequest(request.url, images());
    if (answer.status !== 200) return new Response(null, { status: answer.status });
    return new Response(await readFile(answer.path), {
      headers: {
        'Content-Type': answer.mime,
        // SVGs are shown as images only; scripts inside them never run.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
