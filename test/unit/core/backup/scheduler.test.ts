// Automatic backups: the generations kept over 100 simulated days, the size bound, and the
// scheduler (a backup only when the work changed, at most once per interval, never of a file whose
// durable write is still in flight).
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupName, listBackups, takeBackup } from '../../../../main/core/backup/backup-folder.js';
import { DEFAULT_GENERATIONS } from '../../../../main/core/backup/generations.js';
import { readBackup } from '../../../../main/core/backup/read.js';
import { BackupScheduler, BACKUP_INTERVAL_MS, type Timers } from '../../../../main/core/backup/scheduler.js';
import { writeDurably } from '../../../../main/core/util/durable-file.js';
import { scratchDir } from '../../../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function folder() {
  const dir = await scratchDir(cleanups);
  await writeDurably(join(dir, 'notes.json'), JSON.stringify({ notes: {} }));
  await writeDurably(join(dir, 'notebook.json'), JSON.stringify({ cards: {}, log: [] }));
  return dir;
}

/** A timer the test fires by hand, recording the interval it was asked for. */
function manualTimers() {
  const asked: number[] = [];
  let run: (() => void) | null = null;
  const timers: Timers = {
    setInterval: (callback, ms) => {
      asked.push(ms);
      run = callback;
      return { cancel: () => (run = null) };
    },
  };
  return { timers, asked, fire: () => run?.() };
}

describe('generations', () => {
  it('over 100 days of two backups a day: the last 7 days, 4 ISO weeks and the months, nothing else', async () => {
    const dir = await folder();
    const start = Date.parse('2026-01-01T10:00:00Z');
    for (let i = 0; i < 200; i++) {
      const at = new Date(start + i * 12 * 3_600_000);
      await takeBackup(dir, 'scheduled', { now: () => at });
      const held = (await readdir(join(dir, 'backups'))).length;
      expect(held).toBeLessThanOrEqual(
        DEFAULT_GENERATIONS.daily + DEFAULT_GENERATIONS.weekly + DEFAULT_GENERATIONS.monthly + 1,
      );
    }
    const names = (await listBackups(dir)).map((b) => b.name);
    const at = (iso: string) => backupName(new Date(iso), 'scheduled');
    // Days: 4–10 April (each day's 22:00). Weeks (Monday to Sunday): 6–12 Apr and 30 Mar–5 Apr are
    // already kept; 23–29 Mar and 16–22 Mar add their Sundays. Months: April's is kept; March, February
    // and January add their last days.
    const expected = [
      ...['10', '09', '08', '07', '06', '05', '04'].map((d) => at(`2026-04-${d}T22:00:00Z`)),
      at('2026-03-31T22:00:00Z'),
      at('2026-03-29T22:00:00Z'),
      at('2026-03-22T22:00:00Z'),
      at('2026-02-28T22:00:00Z'),
      at('2026-01-31T22:00:00Z'),
    ];
    expect(new Set(names)).toEqual(new Set(expected));
  });

  it('the size bound drops the oldest first and always keeps the newest', async () => {
    const dir = await folder();
    const policy = { ...DEFAULT_GENERATIONS, maxBytes: 1 };
    for (let day = 1; day <= 3; day++)
      await takeBackup(dir, 'scheduled', { now: () => new Date(`2026-05-0${day}T12:00:00Z`), generations: policy });
    expect((await listBackups(dir)).map((b) => b.name)).toEqual([
      backupName(new Date('2026-05-03T12:00:00Z'), 'scheduled'),
    ]);
  });
});

describe('the scheduler', () => {
  it('takes one when the work changed, none when it did not, on the interval it was given', async () => {
    const dir = await folder();
    const { timers, asked, fire } = manualTimers();
    let clock = Date.parse('2026-06-01T12:00:00Z');
    const taken: string[] = [];
    const scheduler = new BackupScheduler({
      dataDir: dir,
      timers,
      now: () => new Date((clock += 1000)),
      onTaken: (p) => taken.push(p),
    });
    scheduler.start();
    expect(asked).toEqual([BACKUP_INTERVAL_MS]);
    // No backup yet: the first check takes one.
    expect(await scheduler.ifChanged('scheduled')).not.toBeNull();
    // Nothing changed: however often the timer fires, no new backup.
    for (let i = 0; i < 5; i++) fire();
    expect(await scheduler.ifChanged('scheduled')).toBeNull();
    expect(taken.length).toBe(1);
    await writeDurably(join(dir, 'notes.json'), JSON.stringify({ notes: { q1: { text: 'x', updatedAt: 1 } } }));
    fire();
    expect(await scheduler.ifChanged('scheduled')).toBeNull(); // the fire above took it
    expect(taken.length).toBe(2);
    // A busy engine (an exam running) puts scheduled backups off; `before` still takes one.
    await writeDurably(join(dir, 'notes.json'), JSON.stringify({ notes: {} }));
    const busy = new BackupScheduler({
      dataDir: dir,
      timers: manualTimers().timers,
      busy: () => true,
      now: () => new Date((clock += 1000)),
    });
    expect(await busy.ifChanged('scheduled')).toBeNull();
    expect(await busy.before('clear-cache')).toMatch(/before-clear-cache\.zip$/);
    // At quit: the work changed since this scheduler's last backup, so one more, named for it.
    await scheduler.close();
    expect(taken.length).toBe(3);
    expect(taken[2]).toMatch(/-quit\.zip$/);
  });

  it('never copies a file whose durable write is still in flight', async () => {
    const dir = await folder();
    const scheduler = new BackupScheduler({ dataDir: dir, timers: manualTimers().timers });
    const big = JSON.stringify({ cards: {}, log: Array.from({ length: 200_000 }, (_, i) => ({ n: i })) });
    const writing = writeDurably(join(dir, 'notebook.json'), big);
    const path = await scheduler.before('restore');
    await writing;
    expect(path).not.toBeNull();
    const staged = await scratchDir(cleanups);
    await mkdir(join(staged, 'out'));
    await readBackup(path ?? '', join(staged, 'out'));
    expect(await readFile(join(staged, 'out', 'notebook.json'), 'utf8')).toBe(big);
  });
});
