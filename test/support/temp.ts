import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh directory per test; removed by the returned cleanup. */
export async function tempDir(prefix = 'exam-practice-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A fresh directory whose removal joins a test file's cleanups (run in its afterEach/afterAll). */
export async function scratchDir(cleanups: (() => Promise<unknown>)[]): Promise<string> {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  return temp.dir;
}
