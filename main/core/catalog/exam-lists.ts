// The exam lists the catalog knows, by origin: each product's own /exams and each pack's list. The
// national product has no list of its own: provenance reads the vestibulares list (provenance.ts).
import { join } from 'node:path';
import { z } from 'zod';
import type { ApiExam, Product } from '../api/schemas.js';
import { JsonFile } from '../util/json-file.js';
import type { StorageContext } from '../util/storage.js';

const listsSchema = z.record(z.string(), z.array(z.custom<ApiExam>((v) => typeof v === 'object' && v !== null)));

export class ExamLists {
  private constructor(
    private readonly file: JsonFile<Record<string, ApiExam[]>>,
    private lists: Record<string, ApiExam[]>,
    private readonly changed: () => void,
  ) {}

  static async open(dir: string, storage: StorageContext, changed: () => void): Promise<ExamLists> {
    const file = new JsonFile(join(dir, 'exams.json'), listsSchema, { kind: 'exams', ...storage });
    return new ExamLists(file, (await file.read()) ?? {}, changed);
  }

  /** Origins present (products, and `pack:<id>` for packs). */
  origins(): string[] {
    return Object.keys(this.lists);
  }

  /** Every listed exam, of every origin. */
  all(): ApiExam[] {
    return Object.values(this.lists).flat();
  }

  /** The list a product's own /exams sent (never a pack's): what provenance reads. */
  ofProduct(product: Product): readonly ApiExam[] {
    return this.lists[product] ?? [];
  }

  /** An origin's list, put in place of the one it had. */
  async set(origin: string, exams: ApiExam[]): Promise<void> {
    this.lists = { ...this.lists, [origin]: exams };
    await this.file.write(this.lists);
    this.changed();
  }

  async remove(origins: string[]): Promise<void> {
    if (!origins.some((origin) => origin in this.lists)) return;
    this.lists = Object.fromEntries(Object.entries(this.lists).filter(([origin]) => !origins.includes(origin)));
    await this.file.write(this.lists);
    this.changed();
  }
}
