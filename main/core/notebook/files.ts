// The notebook's three documents on disk, each a lowdb document over the durable adapter with a .bak,
// and what was lost when one was damaged beyond it:
//   notebook.json            plan (exam date, retention, limits), cards' FSRS state, review log
//   notebook-questions.json  each card's question as first captured (self-contained, like results)
//   notes.json               the student's notes, on any question
import { join } from 'node:path';
import type { Low } from 'lowdb';
import type { z } from 'zod';
import { documentOf, openDocument } from '../util/document.js';
import { JsonFile } from '../util/json-file.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';
import { emptyNotebook, notebookFileSchema, notesFileSchema, questionsFileSchema, type NotebookData } from './model.js';

export interface NotebookDocuments {
  notebook: Low<NotebookData>;
  questions: Low<z.infer<typeof questionsFileSchema>>;
  notes: Low<z.infer<typeof notesFileSchema>>;
}

export async function openNotebookFiles(
  dataDir: string,
  storage: StorageContext = WRITABLE_SILENT,
): Promise<{ docs: NotebookDocuments; questionsLost: boolean }> {
  const questionsFile = new JsonFile(join(dataDir, 'notebook-questions.json'), questionsFileSchema, {
    kind: 'notebook-questions',
    backup: true,
    ...storage,
  });
  // Inspected first: lost beyond its .bak, the misses come back from the saved results (captured again at start).
  const questions = await questionsFile.inspect();
  return {
    docs: {
      notebook: await openDocument(
        new JsonFile(join(dataDir, 'notebook.json'), notebookFileSchema, {
          kind: 'notebook',
          backup: true,
          ...storage,
        }),
        emptyNotebook(),
      ),
      questions: documentOf(questionsFile, { questions: questions.value?.questions ?? {} }),
      notes: await openDocument(
        new JsonFile(join(dataDir, 'notes.json'), notesFileSchema, { kind: 'notes', backup: true, ...storage }),
        { notes: {} },
      ),
    },
    questionsLost: questions.lost,
  };
}
