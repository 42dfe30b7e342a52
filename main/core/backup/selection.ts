// Which files of a data folder are the student's own work (docs/backup.md, "What is saved"). An
// allowlist: a file this module does not name is left out, so a new kind of file is a decision
// here, never a silent inclusion of something derived or secret.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type FileKind = 'work' | 'catalog' | 'pack-chunk' | 'image' | 'never';

const TOP_WORK = new Set([
  'settings.json', // its `vault` field (encrypted key records) is stripped when copied (keyMaterialStripped)
  'packs.json',
  'notebook.json',
  'notebook-questions.json',
  'notes.json',
  'explanations.json',
]);

/** Leftovers of the storage layer: temp files, one-generation copies, files set aside as damaged. */
const NOT_A_STATE = /(^\.)|(\.bak$)|(\.corrupt-[^/]*$)|(\.tmp$)/;

/**
 * What a path (relative, `/`-separated) is. `never`: key material (vault.json), derived files
 * (catalog/index.json, search.bin), logs, the lock, backups themselves, OS offers, leftovers.
 */
export function classify(path: string): FileKind {
  const parts = path.split('/');
  const name = parts[parts.length - 1] ?? '';
  if (NOT_A_STATE.test(name)) return 'never';
  if (parts.length === 1) return TOP_WORK.has(name) ? 'work' : 'never';
  const [top] = parts;
  if (top === 'attempts' && parts.length === 2 && name.endsWith('.json')) return 'work';
  if (top === 'sealed' && parts.length === 2 && (name.endsWith('.bin') || name.endsWith('.release.json')))
    return 'work';
  // Paper exams (paper/<code>.json) and their scan sessions (paper/scans/…).
  if (top === 'paper' && parts.length <= 4) return 'work';
  if (top === 'catalog' && parts.length === 2 && (name === 'exams.json' || name === 'sync.json')) return 'catalog';
  if (top === 'catalog' && parts.length === 3 && parts[1] === 'chunks' && /^\d+\.json$/.test(name)) return 'pack-chunk';
  if (top === 'images' && parts.length === 2 && (name === 'index.json' || /^[0-9a-f]{64}$/.test(name))) return 'image';
  return 'never';
}

/** A restored path must be one a backup could hold: nothing else is ever written into the folder. */
export const restorable = (path: string) => classify(path) !== 'never';

/** Every file under `dir`, relative with `/`; symlinks and other non-files are not followed. */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(join(dir, prefix), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isFile()) out.push(rel);
    else if (entry.isDirectory() && entry.name !== 'backups' && entry.name !== 'logs')
      out.push(...(await listFiles(dir, rel)));
  }
  return out;
}

/** The folders the student's work lives in besides the top level (classify's `work`). */
const WORK_FOLDERS = ['attempts', 'sealed', 'paper'];

/**
 * The student's work files only: the top level and the folders work lives in. Never the catalog's
 * chunks or the images (tens of thousands of files), which the scheduler's fingerprint, taken at
 * every start and every check, has no use for.
 */
export async function listWorkFiles(dir: string): Promise<string[]> {
  const top = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(WORK_FOLDERS.map((folder) => listFiles(dir, folder)));
  return [...top.filter((entry) => entry.isFile()).map((entry) => entry.name), ...nested.flat()].filter(
    (path) => classify(path) === 'work',
  );
}

/** A catalog chunk holds a pack's questions when a record's sources name one (`"pack:<id>"`). */
const holdsPack = (text: string) => text.includes('"pack:');
const IMAGE_HASH = /[0-9a-f]{64}/g;

/**
 * The files a backup holds. Without the catalog: the work, the catalog chunks that hold an
 * imported pack's questions (a pack is usable only with them), the exam lists, and the images the
 * work and those chunks name (results, notebook cards and packs show them). With it: every chunk
 * and image too, so a move to another machine costs no request.
 */
export async function selectFiles(dataDir: string, options: { catalog: boolean }): Promise<string[]> {
  const all = (await listFiles(dataDir)).sort();
  const chosen = new Set<string>();
  const wantedImages = new Set<string>();
  const read = (path: string) => readFile(join(dataDir, path), 'utf8').catch(() => '');
  const collectHashes = (text: string) => {
    for (const match of text.matchAll(IMAGE_HASH)) wantedImages.add(match[0]);
  };
  for (const path of all) {
    const kind = classify(path);
    // The exam lists name packs' exams; the sync state (resume, today's requests) is the catalog's.
    if (kind === 'work' || (kind === 'catalog' && (options.catalog || path === 'catalog/exams.json'))) {
      chosen.add(path);
      if (path.endsWith('.json') && path !== 'settings.json') collectHashes(await read(path));
    } else if (kind === 'pack-chunk' && !options.catalog) {
      const text = await read(path);
      if (holdsPack(text)) {
        chosen.add(path);
        collectHashes(text);
      }
    } else if (kind === 'pack-chunk') chosen.add(path);
  }
  for (const path of all) {
    if (classify(path) !== 'image') continue;
    const name = path.slice('images/'.length);
    if (options.catalog || name === 'index.json' || wantedImages.has(name)) chosen.add(path);
  }
  return [...chosen].sort();
}

/** settings.json without its encrypted key records: they are this machine's, never in a backup. */
export function keyMaterialStripped(bytes: Buffer): Buffer {
  try {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const { vault: _vault, ...rest } = parsed as Record<string, unknown>;
      return Buffer.from(JSON.stringify(rest, null, 2));
    }
  } catch {
    // Not JSON: the app sets such a file aside on its next read anyway; nothing of it is copied.
  }
  return Buffer.from('{}');
}
