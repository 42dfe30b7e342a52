// The error notebook: its overview and cards, adding and removing, the plan, starting today's review, and notes on questions.
// Each channel declared once: its request's schema (main validates every call with it), its
// response's type and its key policy (main/core/exams/visibility.ts), side by side.
import { z } from 'zod';
import { notebookFilterSchema, notebookPlanSchema, questionRefSchema } from '../schemas.js';
import type { ExamState } from '../contract/exams.js';
import type { NotebookCardView, NotebookOverview } from '../contract/notebook.js';
import { channel } from './declare.js';

export const notebookChannels = {
  'notebook:overview': channel<NotebookOverview>()(z.strictObject({}), 'no-key'),
  // A note may hold the key in the student's words: withheld while its question is locked.
  'notebook:list': channel<NotebookCardView[]>()(z.strictObject({ filter: notebookFilterSchema }), 'redacts'),
  'notebook:add': channel<{ added: boolean; id: string }>()(z.strictObject({ ref: questionRefSchema }), 'no-key'),
  'notebook:remove': channel<{ removed: boolean }>()(z.strictObject({ id: z.string().min(1).max(400) }), 'no-key'),
  'notebook:set-plan': channel<NotebookOverview>()(z.strictObject({ plan: notebookPlanSchema }), 'no-key'),
  'notebook:start-review': channel<ExamState>()(z.strictObject({}), 'own-attempt'),
  'notes:get': channel<{ text: string }>()(z.strictObject({ ref: questionRefSchema }), 'refuses'),
  'notes:set': channel<{ text: string }>()(
    z.strictObject({ ref: questionRefSchema, text: z.string().max(5_000) }),
    'refuses',
  ),
};
