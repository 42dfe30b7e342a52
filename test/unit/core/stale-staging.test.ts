// Staged copies a killed process left in the temporary folder (a pack being imported, a class's result
// files handed to the worker) are removed at the next start; a live process's are left alone.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeStaleStaging } from '../../../main/core/workspace.js';
import { RESULTS_PREFIX } from '../../../main/core/worker/staged-results.js';
import { tempDir } from '../../support/temp.js';

/** A pid no process holds here (Linux's default pid_max is 4,194,304). */
const DEAD = 4_194_303;

describe('the start-up sweep of staged files', () => {
  it('removes those of a dead process, pack folders and result files alike, and keeps a live one’s', async () => {
    const temp = await tempDir();
    try {
      const uuid = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
      await writeFile(join(temp.dir, `${RESULTS_PREFIX}${DEAD}-${uuid}`), 'x');
      await writeFile(join(temp.dir, `${RESULTS_PREFIX}${process.pid}-${uuid}`), 'x');
      await mkdir(join(temp.dir, `exampack-${DEAD}-abc`));
      await writeFile(join(temp.dir, 'outro-arquivo'), 'x');
      expect(await removeStaleStaging(temp.dir)).toBe(2);
      expect((await readdir(temp.dir)).sort()).toEqual(
        [`${RESULTS_PREFIX}${process.pid}-${uuid}`, 'outro-arquivo'].sort(),
      );
    } finally {
      await temp.cleanup();
    }
  });
});
