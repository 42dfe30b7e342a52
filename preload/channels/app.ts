// The app itself: its version and data folder, the notices of damaged files, settings, the question cache, links to the OS browser, files saved where the student chooses.
// Each channel declared once: its request's schema (main validates every call with it), its
// response's type and its key policy (main/core/exams/visibility.ts), side by side.
import { z } from 'zod';
import { fileNameSchema, settingsSchema } from '../schemas.js';
import type { AppInfo, CacheInfo, SavedFiles, StorageNoticeView } from '../contract/app.js';
import type { Settings } from '../schemas.js';
import { channel } from './declare.js';

export const appChannels = {
  'app:info': channel<AppInfo>()(z.strictObject({}), 'no-key'),
  'app:notices': channel<StorageNoticeView[]>()(z.strictObject({}), 'no-key'),
  'app:dismiss-notices': channel<StorageNoticeView[]>()(z.strictObject({}), 'no-key'),
  'settings:get': channel<Settings>()(z.strictObject({}), 'no-key'),
  'settings:set': channel<Settings>()(z.strictObject({ settings: settingsSchema.partial() }), 'no-key'),
  'cache:info': channel<CacheInfo>()(z.strictObject({}), 'no-key'),
  'cache:clear': channel<CacheInfo>()(z.strictObject({ removePacks: z.boolean().optional() }), 'refuses'),
  'shell:open-external': channel<{ opened: boolean }>()(z.strictObject({ url: z.string().url().max(2000) }), 'no-key'),
  /** What the app offers to save: 500 files (a class's result files), 512 MiB in all at most. */
  // Writes what the renderer already holds; answers only where it wrote.
  'files:save': channel<SavedFiles>()(
    z.strictObject({
      files: z
        .array(
          z.strictObject({
            fileName: fileNameSchema,
            data: z.union([z.instanceof(Uint8Array), z.string().max(64 * 1024 * 1024)]),
          }),
        )
        .min(1)
        .max(500)
        .refine((files) => files.reduce((sum, f) => sum + f.data.length, 0) <= 512 * 1024 * 1024),
    }),
    'no-key',
  ),
};
