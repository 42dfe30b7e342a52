// Tutors' worked solutions ("resolução comentada"), by question id: a text and, optionally, a
// figure (kept in the image cache, addressed by its hash). Kept apart from the questions so that
// no source's record is changed, and carried in packs as `q.explanation` (docs/pack-format.md).
// An explanation gives the key away: it is shown only where the key may be (after an answer in
// practice, in review).
import { join } from 'node:path';
import { z } from 'zod';
import type { ApiQuestion } from '../api/schemas.js';
import { JsonFile } from '../util/json-file.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';

export const EXPLANATION_MAX_CHARS = 20_000;

export interface Explanation {
  text: string;
  /** The figure's image URL (a `pack-image:<sha256>` address in the image cache), if any. */
  image: string | null;
}

const explanationSchema = z.object({
  text: z.string().max(EXPLANATION_MAX_CHARS),
  image: z.string().max(200).nullable(),
});
// Files written before figures existed hold a plain text per question.
const fileSchema = z.record(z.string(), z.union([z.string().max(EXPLANATION_MAX_CHARS), explanationSchema]));

/** The worked solution a question carries (from a pack), read leniently: it is an optional extra field. */
export function explanationOf(q: ApiQuestion): Explanation | null {
  const value = (q as { explanation?: unknown }).explanation;
  if (!value || typeof value !== 'object') return null;
  const { text, imageUrl } = value as { text?: unknown; imageUrl?: unknown };
  const image = typeof imageUrl === 'string' && imageUrl ? imageUrl : null;
  if (typeof text !== 'string' || (!text.trim() && !image)) return null;
  return { text: text.slice(0, EXPLANATION_MAX_CHARS), image };
}

export class ExplanationStore {
  private data: Record<string, Explanation> = {};

  private constructor(private readonly file: JsonFile<z.infer<typeof fileSchema>>) {}

  static async open(dataDir: string, storage: StorageContext = WRITABLE_SILENT): Promise<ExplanationStore> {
    const file = new JsonFile(join(dataDir, 'explanations.json'), fileSchema, {
      kind: 'explanations',
      backup: true,
      ...storage,
    });
    const store = new ExplanationStore(file);
    const raw = (await file.read()) ?? {};
    store.data = Object.fromEntries(
      Object.entries(raw).map(([id, value]) => [id, typeof value === 'string' ? { text: value, image: null } : value]),
    );
    return store;
  }

  /** The tutor's, else the one the question came with. */
  for(id: string, q?: ApiQuestion): Explanation | null {
    return this.data[id] ?? (q ? explanationOf(q) : null);
  }

  /** Every figure the store points to (kept by the image cache's sweep). */
  images(): string[] {
    return Object.values(this.data).flatMap((e) => (e.image ? [e.image] : []));
  }

  async set(id: string, explanation: Explanation): Promise<void> {
    const text = explanation.text.trim();
    const { [id]: _previous, ...rest } = this.data;
    this.data = text || explanation.image ? { ...rest, [id]: { text, image: explanation.image } } : rest;
    await this.file.write(() => this.data);
  }
}
