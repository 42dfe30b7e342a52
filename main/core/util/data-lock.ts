// One writer per data dir (our stores keep state in memory: one process writes): the app and the CLI take
// this lock file; a lock left by a dead process is taken over.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(readonly pid: number) {
    super(`The data folder is in use by another Exam Practice process (pid ${pid}). Close it and try again.`);
    this.name = 'DataDirLockedError';
  }
}

export function isAlive(pid: number): boolean {
  // 0 and negative numbers name process groups, not a process: a lock file holding one is damaged.
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(await readFile(file, 'utf8').catch(() => '0'));
      if (pid > 0 && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(pid);
      await rm(file, { force: true });
    }
  }
  throw new DataDirLockedError(0);
}
