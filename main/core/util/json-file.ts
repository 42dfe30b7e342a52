// Atomic JSON files through lowdb's DataFile (steno: write to a temp file, then
// rename), so a crash leaves the old or the new content, never half a file.
import { DataFile } from 'lowdb/node';
import type { z } from 'zod';

export class JsonFile<T> {
  private readonly file: DataFile<unknown>;

  constructor(
    readonly path: string,
    private readonly schema: z.ZodType<T>,
  ) {
    this.file = new DataFile<unknown>(path, { parse: JSON.parse, stringify: (data) => JSON.stringify(data) });
  }

  /** The file's content, null when absent; a file that fails validation throws. */
  async read(): Promise<T | null> {
    const raw = await this.file.read();
    if (raw === null) return null;
    const parsed = this.schema.safeParse(raw);
    if (!parsed.success) throw new Error(`${this.path} is not valid: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  }

  write(data: T): Promise<void> {
    return this.file.write(data);
  }
}
