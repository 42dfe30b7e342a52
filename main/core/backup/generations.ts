// Which automatic backups to keep: the newest of each of the last `daily` days, `weekly` ISO weeks
// and `monthly` months that have one (restic's --keep-daily/weekly/monthly), the newest always,
// then the oldest dropped while the total is over the size bound. Pure: the folder is backup-folder.ts.

export interface Generations {
  daily: number;
  weekly: number;
  monthly: number;
  /** The folder's bound; the newest backup is kept even when it alone is over. */
  maxBytes: number;
}

export const DEFAULT_GENERATIONS: Generations = { daily: 7, weekly: 4, monthly: 6, maxBytes: 2 * 1024 ** 3 };

export interface StoredBackup {
  name: string;
  /** When it was taken (ms). */
  at: number;
  bytes: number;
}

const day = (at: number) => new Date(at).toISOString().slice(0, 10);
const month = (at: number) => new Date(at).toISOString().slice(0, 7);
/** ISO week: weeks start on Monday, and the week's Thursday names its year. */
function week(at: number): string {
  const date = new Date(at);
  const thursday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 4 - (thursday.getUTCDay() || 7));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return `${thursday.getUTCFullYear()}-W${Math.ceil(((thursday.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}

/** The names to keep, newest first. */
export function toKeep(backups: readonly StoredBackup[], policy: Generations = DEFAULT_GENERATIONS): string[] {
  const newestFirst = [...backups].sort((a, b) => b.at - a.at || b.name.localeCompare(a.name));
  const keep = new Set<string>();
  const newest = newestFirst[0];
  if (newest) keep.add(newest.name);
  for (const [period, count] of [
    [day, policy.daily],
    [week, policy.weekly],
    [month, policy.monthly],
  ] as const) {
    const periods = new Set<string>();
    for (const backup of newestFirst) {
      const key = period(backup.at);
      if (periods.has(key)) continue;
      if (periods.size >= count) break;
      periods.add(key);
      keep.add(backup.name);
    }
  }
  const kept = newestFirst.filter((b) => keep.has(b.name));
  let total = kept.reduce((sum, b) => sum + b.bytes, 0);
  while (total > policy.maxBytes && kept.length > 1) {
    const oldest = kept.pop();
    if (oldest) total -= oldest.bytes;
  }
  return kept.map((b) => b.name);
}
