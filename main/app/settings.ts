// Settings behind an interface: electron-store in the app, a JSON file in the
// harness. Both validate with the contract's schema and fall back to defaults.
import { DEFAULT_SETTINGS, type Settings } from '../../preload/contract.js';
import { settingsSchema } from '../../preload/schemas.js';
import { JsonFile, type NoticeSink } from '../core/util/json-file.js';
import { OneAtATime } from '../core/util/one-at-a-time.js';

export { DEFAULT_SETTINGS };

export interface SettingsStore {
  get(): Promise<Settings>;
  set(change: Partial<Settings>): Promise<Settings>;
}

/** Keeps every valid field of a stored settings object; anything invalid falls back to its default. */
export function sanitizeSettings(raw: unknown): Settings {
  const record = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: Settings = { ...DEFAULT_SETTINGS };
  const shape = settingsSchema.shape;
  const pick = <K extends keyof Settings>(key: K) => {
    const parsed = shape[key].safeParse(record[key]);
    if (parsed.success) out[key] = parsed.data as Settings[K];
  };
  for (const key of Object.keys(shape) as (keyof Settings)[]) pick(key);
  return out;
}

export function fileSettingsStore(path: string, notices?: NoticeSink): SettingsStore {
  const file = new JsonFile(path, settingsSchema.partial().passthrough(), {
    kind: 'settings',
    ...(notices && { notices }),
  });
  const read = async () => sanitizeSettings(await file.read().catch(() => null));
  // One change at a time: two overlapping changes (a checkbox, then a select) both land.
  const changes = new OneAtATime();
  return {
    get: read,
    set: (change) => {
      return changes.run(async () => {
        const next = sanitizeSettings({ ...(await read()), ...change });
        await file.write(next);
        return next;
      });
    },
  };
}
