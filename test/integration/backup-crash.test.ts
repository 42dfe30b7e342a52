// kill -9 of a restore, many times: after each kill (and the recovery every opening runs), the data
// folder holds exactly the work of one of the two backups, never a mix, and opens.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportData } from '../../main/core/backup/export.js';
import { restoreData } from '../../main/core/backup/restore.js';
import { openWorkspace } from '../../main/core/workspace.js';
import { crashChildSuite } from '../support/crash-child-runner.js';
import { scratchDir } from '../support/temp.js';

const KILLS = Number(process.env.SOAK_KILLS ?? 6);
const TIMEOUT = 30_000 + KILLS * 4_000;
const { run: runChild, cleanups } = crashChildSuite();

/** The work in a folder: every file but the backups, the lock and the logs, with its hash. */
async function work(dir: string): Promise<string> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    for (const entry of await readdir(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (path === 'backups' || path === 'logs' || path === '.lock') continue;
      if (entry.isDirectory()) await walk(path);
      else
        out.push(
          `${path} ${createHash('sha256')
            .update(await readFile(join(dir, path)))
            .digest('hex')}`,
        );
    }
  };
  await walk('');
  return out.sort().join('\n');
}

/** A folder of `attempts` attempt files and notes, marked `label`, exported to a backup file. */
async function backupOf(label: string, attempts: number): Promise<string> {
  const dir = join(await scratchDir(cleanups), label);
  await mkdir(join(dir, 'attempts'), { recursive: true });
  for (let n = 0; n < attempts; n++)
    await writeFile(join(dir, 'attempts', `${label}-${n}.json`), JSON.stringify({ label, n, pad: 'x'.repeat(20_000) }));
  await writeFile(join(dir, 'notes.json'), JSON.stringify({ notes: { q: { text: label, updatedAt: 1 } } }));
  const file = join(dirname(dir), `${label}.zip`);
  await exportData(dir, file);
  return file;
}

describe('kill -9 mid-restore', () => {
  it(
    `leaves the old work or the new, never a mix, through ${KILLS} kills`,
    async () => {
      const a = await backupOf('a', 120);
      const b = await backupOf('b', 80);
      const expected = new Map<string, string>();
      for (const [name, file] of [
        ['a', a],
        ['b', b],
      ] as const) {
        const probe = join(await scratchDir(cleanups), `probe-${name}`);
        await restoreData(probe, file, { mode: 'replace' });
        // Opened once as the test's folder is (an opening may add its empty folders).
        await (await openWorkspace(probe)).close();
        expected.set(await work(probe), name);
      }
      const dir = join(await scratchDir(cleanups), 'data');
      await restoreData(dir, a, { mode: 'replace' });
      const seen = new Set<string>();
      for (let kill = 0; kill < KILLS; kill++) {
        // Half the kills land as the swap starts (the renames' window), half at a random moment.
        const atSwap = kill % 2 === 0;
        const delay = Math.floor(Math.random() * 400);
        let timer: NodeJS.Timeout | undefined;
        await runChild(['restore', dir, a, b], (line, child) => {
          if (atSwap && line.startsWith('SWAP') && Math.random() < 0.5) child.kill('SIGKILL');
          if (line === 'READY') timer = setTimeout(() => child.kill('SIGKILL'), atSwap ? 3_000 : delay);
        });
        clearTimeout(timer);
        // Every opening recovers first: the folder is one backup's work, whole, and opens.
        const workspace = await openWorkspace(dir);
        await workspace.close();
        const which = expected.get(await work(dir));
        expect(which, `after kill ${kill}`).toBeDefined();
        seen.add(which ?? '');
        const leftovers = (await readdir(dirname(dir))).filter((n) => n.startsWith(`.${basename(dir)}.restore-`));
        expect(leftovers).toEqual([]);
      }
      expect(seen.size).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});
