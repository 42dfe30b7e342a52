// The JSON documents the app keeps are lowdb documents, as the design card asks (the sync state
// and the pack registry so far; docs/architecture.md lists what moves next): `Low<T>` over an adapter that is our durable writer (JsonFile: per-path ordered queue,
// unique temps, fsync of file and folder, `.bak`, torn-file recovery with a notice). lowdb's own
// JSONFile adapter writes through steno, which shares one temp name between instances and never
// fsyncs (docs/architecture.md, "Storage layer"): durability stays ours, the API is lowdb's.
import { Low, type Adapter } from 'lowdb';
import type { JsonFile } from './json-file.js';

/** Opens a document: its content read through the durable adapter, `defaultData` when there is none. */
export async function openDocument<T>(file: JsonFile<T>, defaultData: T): Promise<Low<T>> {
  // A JsonFile is a lowdb adapter: `read()` gives the validated content or null, `write()` is
  // durable once settled.
  const adapter: Adapter<T> = file;
  const db = new Low<T>(adapter, defaultData);
  await db.read();
  return db;
}
