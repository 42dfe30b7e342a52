import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { backupPath, TEMP_FILE, writeDurably } from '../../../../main/core/util/durable-file.js';
import { JsonFile, StorageNotices } from '../../../../main/core/util/json-file.js';
import { tempDir } from '../../../support/temp.js';

let cleanup: () => Promise<void> = () => Promise.resolve();
afterEach(() => cleanup());

async function dir() {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  return temp.dir;
}

const counter = z.object({ n: z.number().int(), pad: z.string() });

describe('durable writer', () => {
  it('200 overlapping writes to one file all succeed, each leaves valid JSON at least as new as itself, the last wins', async () => {
    const path = join(await dir(), 'state.json');
    const pad = 'x'.repeat(20_000); // big enough that writes take time and overlap
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        writeDurably(path, JSON.stringify({ n, pad })).then(async () => {
          const { n: onDisk } = counter.parse(JSON.parse(await readFile(path, 'utf8')));
          expect(onDisk).toBeGreaterThanOrEqual(n);
          seen.push(onDisk);
        }),
      ),
    );
    expect(counter.parse(JSON.parse(await readFile(path, 'utf8'))).n).toBe(199);
    // Coalesced: far fewer writes than calls, and no temp file is left behind.
    expect(new Set(seen).size).toBeLessThan(200);
    expect((await readdir(join(path, '..'))).filter((name) => TEMP_FILE.test(name))).toEqual([]);
  });

  it('separate file objects on one path share its queue (the old per-save writer raced on one temp name)', async () => {
    const path = join(await dir(), 'attempt.json');
    const files = Array.from({ length: 10 }, () => new JsonFile(path, counter, { kind: 'attempt', backup: true }));
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, n) => files[n % 10]?.write({ n, pad: 'y'.repeat(5_000) })),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await files[0]?.read())?.n).toBe(99);
  });

  it('a function is serialised when its write starts, so coalesced calls write the latest state once', async () => {
    const path = join(await dir(), 'live.json');
    const state = { n: 0, pad: '' };
    let serialised = 0;
    const file = new JsonFile(path, counter, { kind: 'attempt' });
    const writes = Array.from({ length: 50 }, () => {
      state.n += 1;
      return file.write(() => {
        serialised += 1;
        return state;
      });
    });
    await Promise.all(writes);
    expect((await file.read())?.n).toBe(50);
    expect(serialised).toBeLessThanOrEqual(2);
  });

  it('keeps the previous generation as .bak when asked', async () => {
    const path = join(await dir(), 'packs.json');
    const file = new JsonFile(path, counter, { kind: 'pack-registry', backup: true });
    await file.write({ n: 1, pad: '' });
    await file.write({ n: 2, pad: '' });
    expect(JSON.parse(await readFile(backupPath(path), 'utf8'))).toEqual({ n: 1, pad: '' });
  });
});

describe('damaged files', () => {
  it.each([
    ['empty', ''],
    ['truncated', '{"n": 3, "pa'],
    ['not matching the schema', '{"n": "three"}'],
  ])('an %s file is set aside, the .bak takes its place, and the user is told', async (_name, damage) => {
    const path = join(await dir(), 'sync.json');
    const notices = new StorageNotices();
    const file = new JsonFile(path, counter, { kind: 'sync-state', backup: true, notices });
    await file.write({ n: 1, pad: '' });
    await file.write({ n: 2, pad: '' });
    await writeFile(path, damage);
    expect(await file.read()).toEqual({ n: 1, pad: '' });
    expect(notices.list()).toEqual([{ kind: 'sync-state', file: path, restored: true }]);
    const names = await readdir(join(path, '..'));
    expect(names.filter((name) => name.startsWith('sync.json.corrupt-'))).toHaveLength(1);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ n: 1, pad: '' });
  });

  it('without a good copy, a damaged file reads as absent and is reported as lost', async () => {
    const path = join(await dir(), 'index.json');
    const notices = new StorageNotices();
    await writeFile(path, '');
    const file = new JsonFile(path, counter, { kind: 'image-index', notices });
    expect(await file.read()).toBeNull();
    expect(notices.list()).toEqual([{ kind: 'image-index', file: path, restored: false }]);
  });

  it('read-only: a damaged file is neither moved nor rewritten, and writes are refused', async () => {
    const folder = await dir();
    const path = join(folder, 'sync.json');
    await writeFile(path, '{"n": 1');
    await writeFile(backupPath(path), '{"n": 0, "pad": ""}');
    const file = new JsonFile(path, counter, { kind: 'sync-state', backup: true, readOnly: true });
    expect(await file.read()).toEqual({ n: 0, pad: '' });
    expect(await readFile(path, 'utf8')).toBe('{"n": 1');
    expect((await readdir(folder)).sort()).toEqual(['sync.json', 'sync.json.bak']);
    await expect(file.write({ n: 2, pad: '' })).rejects.toThrow('read-only');
  });
});
