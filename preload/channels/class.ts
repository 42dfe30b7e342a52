// The tutor's class loop: a student's result file exported, and the class report from a pack and result files.
// Each channel declared once: its request's schema (main validates every call with it), its
// response's type and its key policy (main/core/exams/visibility.ts), side by side.
import { z } from 'zod';
import { packBytes } from '../schemas.js';
import type { ClassReportView, ResultFileOut } from '../contract/class.js';
import { channel } from './declare.js';

export const classChannels = {
  // The student's own answers in the pack's letters: no key.
  'class:export-result': channel<ResultFileOut>()(
    z.strictObject({ attemptId: z.string().uuid(), student: z.string().trim().min(1).max(100) }),
    'no-key',
  ),
  // Reads a pack's keys (the tutor's file): refused while the running exam holds one of its questions.
  'class:report': channel<ClassReportView>()(
    z.strictObject({
      pack: packBytes,
      /** A sealed pack's release code (its answers are the report's key). */
      code: z.string().min(1).max(40).optional(),
      /** An earlier report's .examscale: this report's TRI is also put on its scale (at most 1 MiB). */
      scale: z
        .instanceof(Uint8Array)
        .refine((b) => b.byteLength <= 1024 * 1024 + 1, 'at most 1 MiB')
        .optional(),
      /** The students' .examresult files (up to 1,000). */
      results: z
        .array(
          z.strictObject({
            name: z.string().min(1).max(255),
            // Larger than any result file (512 KiB): the reader refuses it by name, the others still count.
            data: z.instanceof(Uint8Array).refine((b) => b.byteLength <= 8 * 1024 * 1024, 'at most 8 MiB'),
          }),
        )
        .max(1000),
    }),
    'refuses',
  ),
};
