// Tutors' worked solutions ("resolução comentada"), by question id. Kept apart from
// the questions so that no source's record is changed, and carried in packs as
// `q.explanation` (docs/pack-format.md). An explanation gives the key away: it is
// shown only where the key may be (after an answer in practice, in review).
import { join } from 'node:path';
import { z } from 'zod';
import type { ApiQuestion } from '../api/schemas.js';
import { JsonFile } from '../util/json-file.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';

export const EXPLANATION_MAX_CHARS = 20_000;
const fileSchema = z.record(z.string(), z.string().max(EXPLANATION_MAX_CHARS));

/** The worked solution a question carries (from a pack), read leniently: it is an optional extra field. */
export function explanationOf(q: ApiQuestion): string | null {
  const value = (q as { explanation?: unknown }).explanation;
  const text = value && typeof value === 'object' ? (value as { text?: unknown }).text : undefined;
  return typeof text === 'string' && text.trim() ? text.slice(0, EXPLANATION_MAX_CHARS) : null;
}

export class ExplanationStore {
  private data: Record<string, string> = {};

  private constructor(private readonly file: JsonFile<Record<string, string>>) {}

  static async open(dataDir: string, storage: StorageContext = WRITABLE_SILENT): Promise<ExplanationStore> {
    const file = new JsonFile(join(dataDir, 'explanations.json'), fileSchema, {
      kind: 'explanations',
      backup: true,
      ...storage,
    });
    const store = new ExplanationStore(file);
    store.data = (await file.read()) ?? {};
    return store;
  }

  /** The tutor's text, else the one the question came with. */
  for(id: string, q?: ApiQuestion): string | null {
    return this.data[id] ?? (q ? explanationOf(q) : null);
  }

  async set(id: string, text: string): Promise<void> {
    const trimmed = text.trim();
    const { [id]: _previous, ...rest } = this.data;
    this.data = trimmed ? { ...rest, [id]: trimmed } : rest;
    await this.file.write(() => this.data);
  }
}
