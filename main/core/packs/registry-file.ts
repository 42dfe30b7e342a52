// The registry of imported packs as a file (lowdb over the durable JSON adapter), the shape of a data
// folder the pack functions need, and the names a pack's records and files go by. The operations on
// packs are registry.ts (import, removal, repair) and sealed-release.ts (a sealed pack's release).
import type { Low } from 'lowdb';
import { join } from 'node:path';
import { z } from 'zod';
import type { CatalogStore } from '../catalog/store.js';
import type { ImageCache } from '../images/cache.js';
import { documentOf } from '../util/document.js';
import { JsonFile } from '../util/json-file.js';
import type { StorageContext } from '../util/storage.js';
import { examConfigSchema } from './format.js';
import { sealParamsSchema } from './seal.js';

const entrySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  createdAt: z.string(),
  importedAt: z.number(),
  questionCount: z.number().int(),
  products: z.array(z.string()),
  examConfig: examConfigSchema.optional(),
  /** sha256 of its questions.json (the manifest's): result files name the pack version by it. */
  contentHash: z.string().optional(),
  /** Sealed answers (in sealed/<id>.bin until released by the tutor's code). */
  sealed: z.object({ params: sealParamsSchema, released: z.boolean() }).optional(),
  /** Its questions in the file's order: the pack's own numbering (the key and the class report use it). */
  questionIds: z.array(z.string()).optional(),
});
export type PackEntry = z.infer<typeof entrySchema>;
const registrySchema = z.object({ packs: z.array(entrySchema) });
export type RegistryData = z.infer<typeof registrySchema>;

/**
 * The registry of imported packs: a lowdb document (`Low`) over the durable adapter (JsonFile). It
 * is read afresh for each listing, as the file was before (a CLI import in the same folder shows).
 */
export class PackRegistryFile {
  private readonly db: Low<RegistryData>;

  constructor(private readonly file: JsonFile<RegistryData>) {
    this.db = documentOf(file, { packs: [] });
  }

  async read(): Promise<RegistryData> {
    await this.db.read();
    return this.db.data;
  }

  /** Durable once settled: the commit point of imports, removals and releases. */
  write(data: RegistryData): Promise<void> {
    this.db.data = data;
    return this.db.write();
  }

  /** The content, and whether damage lost it (start-up repair needs to know). */
  inspect(): Promise<{ value: RegistryData | null; lost: boolean }> {
    return this.file.inspect();
  }
}
/**
 * What the pack functions need of a data folder. The workspace composes the registry (it opens the
 * registry file and repairs sources at start) and satisfies this shape; the registry never imports
 * the workspace, so the two are no import circle.
 */
export interface PackWorkspace {
  dataDir: string;
  store: CatalogStore;
  images: ImageCache;
  packRegistry: PackRegistryFile;
  /** Runs imports, removals and releases one at a time. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
}

export const packSource = (id: string) => `pack:${id}`;
/** The id of a pack's own version of a question another source stored differently. */
export const namespacedId = (packId: string, id: string) => `pack:${packId}:${id}`;
/** Images a pack carries are addressed by their hash: no pack can remap another source's URL. */
export const packImageUrl = (sha256: string) => `pack-image:${sha256}`;

/** On a record of a sealed pack not released yet: its key is on the way (exams may include it). */
export const SEALED_MARK = 'sealedAnswer';

/** Where a sealed pack's encrypted answers wait for the release code. */
export const sealedPath = (dataDir: string, id: string) => join(dataDir, 'sealed', `${id}.bin`);

export function openPackRegistry(path: string, storage: StorageContext): PackRegistryFile {
  return new PackRegistryFile(new JsonFile(path, registrySchema, { kind: 'pack-registry', backup: true, ...storage }));
}

export async function listPacks(workspace: PackWorkspace): Promise<PackEntry[]> {
  return (await workspace.packRegistry.read()).packs;
}
