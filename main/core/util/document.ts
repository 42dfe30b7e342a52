// The JSON documents the app keeps are lowdb documents, as the design card asks (attempts and their
// questions, the pack registry, the notebook, notes, paper exams, sync state): `Low<T>` over an
// adapter that is our durable writer (JsonFile: per-path ordered queue, unique temps, fsync of file
// and folder, `.bak`, torn-file recovery with a notice). lowdb's own JSONFile adapter writes through
// steno, which shares one temp name between instances and never fsyncs (docs/architecture.md,
// "Storage layer"): durability stays ours, the API is lowdb's.
import { Low, type Adapter } from 'lowdb';
import type { JsonFile } from './json-file.js';

/**
 * A JsonFile as a lowdb adapter. A document's `data` is its live state, so it is serialised when
 * its write starts, not when `write()` is called: a burst of saves behind one write in flight
 * stringifies the state once (the durable queue coalesces them), as the stores did before lowdb.
 */
export function durableAdapter<T>(file: JsonFile<T>): Adapter<T> {
  return {
    read: () => file.read(),
    write: (data: T) => file.write(() => data),
  };
}

/** Opens a document: its content read through the durable adapter, `defaultData` when there is none. */
export async function openDocument<T>(file: JsonFile<T>, defaultData: T): Promise<Low<T>> {
  const db = new Low<T>(durableAdapter(file), defaultData);
  await db.read();
  return db;
}

/** A document whose content was read (or made) already: its saves go through the durable adapter. */
export function documentOf<T>(file: JsonFile<T>, data: T): Low<T> {
  return new Low<T>(durableAdapter(file), data);
}

/** A document that may not be there (one attempt, one paper exam): null when absent or lost. */
export async function readDocument<T>(file: JsonFile<T>): Promise<Low<T> | null> {
  const value = await file.read();
  return value === null ? null : documentOf(file, value);
}

/** A new document with its first content, written durably before it resolves. */
export async function createDocument<T>(file: JsonFile<T>, data: T): Promise<Low<T>> {
  const db = documentOf(file, data);
  await db.write();
  return db;
}
