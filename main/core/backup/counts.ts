// The data folder's counts as a manifest states them: what a student checks a backup by.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupCounts } from './format.js';

async function readJson(path: string): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const sizeOf = (value: unknown) =>
  Array.isArray(value) ? value.length : value && typeof value === 'object' ? Object.keys(value).length : 0;

/** From the files as listed (`paths`, relative) and the notebook's and registry's own content. */
export async function countData(dir: string, paths: readonly string[]): Promise<BackupCounts> {
  const [notebook, notes, packs] = await Promise.all(
    ['notebook.json', 'notes.json', 'packs.json'].map((name) => readJson(join(dir, name))),
  );
  return {
    attempts: paths.filter((p) => /^attempts\/[^/]+\.json$/.test(p) && !p.endsWith('.questions.json')).length,
    notebookCards: sizeOf(notebook?.cards),
    reviews: sizeOf(notebook?.log),
    notes: sizeOf(notes?.notes),
    packs: sizeOf(packs?.packs),
    paperExams: paths.filter((p) => /^paper\/[^/]+\.json$/.test(p)).length,
  };
}
