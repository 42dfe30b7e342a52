// The student's notes on questions (notes.json): one short text per question, kept apart from the
// cards (a note stays when its card goes), saved one change at a time.
import type { Low } from 'lowdb';
import type { z } from 'zod';
import { NOTE_MAX_CHARS, type notesFileSchema } from './model.js';
import { OneAtATime } from '../util/one-at-a-time.js';

export class Notes {
  private readonly changes = new OneAtATime();

  constructor(private readonly doc: Low<z.infer<typeof notesFileSchema>>) {}

  get(id: string): string {
    return this.doc.data.notes[id]?.text ?? '';
  }

  /** Sets (or, empty, removes) a question's note; answers the text as kept (trimmed, bounded). */
  set(id: string, text: string, at: number): Promise<string> {
    return this.changes.run(async () => {
      const trimmed = text.replace(/\s+$/u, '').slice(0, NOTE_MAX_CHARS);
      const { [id]: _previous, ...rest } = this.doc.data.notes;
      this.doc.data = { notes: trimmed ? { ...rest, [id]: { text: trimmed, updatedAt: at } } : rest };
      await this.doc.write();
      return trimmed;
    });
  }

  settled(): Promise<void> {
    return this.changes.settled();
  }
}
