// electron-store backed settings, vault records and window state: atomic JSON in
// the user-data dir, validated on every read by the same schemas as the harness.
import Store from 'electron-store';
import { z } from 'zod';
import { sanitizeSettings, type SettingsStore } from '../app/settings.js';
import { vaultRecordSchema, type VaultStorage } from '../core/vault/vault.js';

const windowStateSchema = z.object({
  width: z.number().int().min(400).max(10000),
  height: z.number().int().min(300).max(10000),
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

// Created on first use: main sets the user-data path (EXAM_PRACTICE_DATA_DIR) before that.
let instance: Store<Record<string, unknown>> | null = null;
const store = {
  get: (key: string): unknown => (instance ??= new Store({ name: 'settings', clearInvalidConfig: true })).get(key),
  set: (key: string, value: unknown) =>
    (instance ??= new Store({ name: 'settings', clearInvalidConfig: true })).set(key, value),
};

export const electronSettings: SettingsStore = {
  get: () => Promise.resolve(sanitizeSettings(store.get('settings'))),
  set: (change) => {
    const next = sanitizeSettings({ ...sanitizeSettings(store.get('settings')), ...change });
    store.set('settings', next);
    return Promise.resolve(next);
  },
};

export const electronVaultStorage: VaultStorage = {
  read: () => {
    const parsed = vaultRecordSchema.safeParse(store.get('vault') ?? {});
    return Promise.resolve(parsed.success ? parsed.data : {});
  },
  write: (record) => {
    store.set('vault', record);
    return Promise.resolve();
  },
};

export function loadWindowState(): WindowState {
  const parsed = windowStateSchema.safeParse(store.get('window'));
  return parsed.success ? parsed.data : { width: 1280, height: 800, maximized: false };
}

export function saveWindowState(state: WindowState) {
  store.set('window', state);
}
