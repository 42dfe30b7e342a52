// The student's notes on questions (notes.json): one short text per question, kept apart from the
// cards (a note stays when its card goes), saved one change at a time.
import type { Low } from 'lowdb';
import type { z } from 'zod';
import { NOTE_MAX_CHARS, type notesFileSchema } from './model.js';

export class Notes {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly doc: Low<z.infer<typeof notesFileSchema>>) {}

  get(id: string): string {
    return this.doc.data.notes[id]?.text ?? '';
  }

  /** Sets (or, empty, removes) a question's note; answers the text as kept (trimmed, bounded). */
  set(id: string, text: string, at: number): Promise<string> {
    const run = this.queue.then(async () => {
      const trimmed = text.replace(/\s+$/u, '').slice(0, NOTE_MAX_CHARS);
      const { [id]: _previous, ...rest } = this.doc.data.notes;
      this.doc.data = { notes: trimmed ? { ...rest, [id]: { text: trimmed, updatedAt: at } } : rest };
      await this.doc.write();
      return trimmed;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }
}
