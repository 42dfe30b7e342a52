// Practice packs: listing, importing (a file, the demo, one the OS opened), building, releasing a sealed one, Moodle XML both ways.
// Each channel declared once: its request's schema (main validates every call with it), its
// response's type and its key policy (main/core/exams/visibility.ts), side by side.
import { z } from 'zod';
import { libraryFilterSchema, packBytes, packExamConfigSchema } from '../schemas.js';
import type {
  BuiltPackFile,
  MoodleImportResult,
  PackImportResult,
  PackPreview,
  PackSummary,
} from '../contract/packs.js';
import { channel } from './declare.js';

export const packsChannels = {
  'packs:list': channel<PackSummary[]>()(z.strictObject({}), 'no-key'),
  'packs:import': channel<PackImportResult>()(z.strictObject({ data: packBytes }), 'refuses'),
  'packs:import-demo': channel<PackImportResult>()(z.strictObject({}), 'refuses'),
  'packs:import-pending': channel<PackImportResult>()(z.strictObject({ token: z.string().uuid() }), 'refuses'),
  'packs:remove': channel<PackSummary[]>()(z.strictObject({ id: z.string().min(1).max(64) }), 'refuses'),
  'packs:preview': channel<PackPreview>()(
    z.strictObject({
      filter: libraryFilterSchema,
      ids: z.array(z.string().min(1)).max(50_000).optional(),
    }),
    'refuses',
  ),
  'packs:build': channel<BuiltPackFile>()(
    z.strictObject({
      filter: libraryFilterSchema,
      ids: z.array(z.string().min(1)).max(50_000).optional(),
      title: z.string().trim().min(1).max(200),
      description: z.string().max(5000).optional(),
      author: z.string().max(200).optional(),
      examConfig: packExamConfigSchema.optional(),
      /** Seal the answers: the app makes a release code for the tutor to give when the class is done. */
      seal: z.boolean().optional(),
    }),
    'refuses',
  ),
  // Writes keys into the pack's records: refused while the running exam holds one of them.
  'packs:release': channel<{ released: number; packs: PackSummary[] }>()(
    z.strictObject({ id: z.string().min(1).max(64), code: z.string().min(1).max(40) }),
    'refuses',
  ),
  // The XML carries the pack's keys: refused while the running exam holds one of its questions.
  'packs:to-moodle': channel<{ fileName: string; data: Uint8Array<ArrayBuffer>; questions: number }>()(
    z.strictObject({ data: packBytes }),
    'refuses',
  ),
  // An import like any pack's: refused when it names a question of the running exam, whatever it says of it.
  'packs:from-moodle': channel<MoodleImportResult>()(
    z.strictObject({
      /** A Moodle XML file (images inline make them large): 64 MiB at most. */
      data: z.instanceof(Uint8Array).refine((b) => b.byteLength > 0 && b.byteLength <= 64 * 1024 * 1024),
      title: z.string().trim().min(1).max(200),
    }),
    'refuses',
  ),
};
