import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/core/util/logger.js';
import { tempDir } from '../../support/temp.js';

let cleanup: () => Promise<void> = () => Promise.resolve();
afterEach(() => cleanup());

describe('logger', () => {
  it('never writes a registered key, nor an X-API-Key header value', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const log = createLogger(temp.dir);
    const key = 'enem_live_abcdef0123456789';
    log.addSecret(key);
    log.error(`request failed for ${key}`, { headers: { 'X-API-Key': 'other-secret-value' }, key });
    const text = await readFile(join(temp.dir, 'main.log'), 'utf8');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(key);
    expect(text).not.toContain('other-secret-value');
  });

  it('rotates by size, keeping a bounded number of files', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const log = createLogger(temp.dir, { maxBytes: 200, files: 3 });
    for (let i = 0; i < 50; i++) log.info(`line ${i} ${'x'.repeat(40)}`);
    const files = (await readdir(temp.dir)).sort();
    expect(files).toEqual(['main.log', 'main.log.1', 'main.log.2']);
    expect(await readFile(join(temp.dir, 'main.log'), 'utf8')).toContain('line 49');
  });
});
