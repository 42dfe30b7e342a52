// Saving the files the app offers (booklets, result files, packs, CSVs): main writes them, in one
// go, where the user chose. Chromium's download flow drops an anchor's downloads beyond 10 a second
// (a print of 5 versions with an accommodation is 12 PDFs; a class's result files are 40), and in
// Electron it asks once per file: one folder for a batch, one save dialog for a single file.
import { mkdir, open, rm } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { BridgeError, type FileToSave, type SavedFiles } from '../../preload/contract.js';
import { writeDurably } from '../core/util/durable-file.js';

/** Where to save: one file (the user may rename it) or a batch (a folder). */
export type SaveRequest = { kind: 'file'; fileName: string } | { kind: 'folder'; count: number };

/**
 * Asks where to save: a file path for `file`, a folder for `folder`; null when the user closed the
 * dialog. `overwrite`: the user chose this exact path (the OS dialog confirmed replacing it).
 */
export type SaveTarget = (request: SaveRequest) => Promise<{ path: string; overwrite: boolean } | null>;

/** Test builds and the harness: no dialog, every file into `<profile>/downloads/`, never replaced. */
export function folderSaveTarget(folder: string): SaveTarget {
  return async (request) => {
    await mkdir(folder, { recursive: true });
    return {
      path: request.kind === 'file' ? join(folder, request.fileName) : folder,
      overwrite: false,
    };
  };
}

/** Writes the files where the target says; an existing file is kept and the new one is renamed. */
export async function saveFiles(files: readonly FileToSave[], target: SaveTarget): Promise<SavedFiles> {
  const single = files.length === 1 ? files[0] : undefined;
  const chosen = await target(
    single ? { kind: 'file', fileName: single.fileName } : { kind: 'folder', count: files.length },
  );
  if (!chosen) return { folder: null, paths: [] };
  const folder = single ? dirname(chosen.path) : chosen.path;
  const paths: string[] = [];
  let claimed: string | null = null;
  try {
    for (const file of files) {
      const wanted = single ? chosen.path : join(folder, file.fileName);
      const path = chosen.overwrite ? wanted : (claimed = await claimFreePath(wanted));
      await writeDurably(path, file.data);
      claimed = null;
      paths.push(path);
    }
  } catch (error) {
    // A name claimed but never written leaves no empty file behind.
    if (claimed) await rm(claimed, { force: true }).catch(() => undefined);
    throw new BridgeError('save-failed', {
      folder,
      saved: paths.length,
      reason: (error as NodeJS.ErrnoException).code ?? 'io',
    });
  }
  return { folder, paths };
}

/**
 * `name.pdf`, else `name (2).pdf`, `name (3).pdf`…: the first free one, claimed by creating it
 * exclusively, so that two saves at once (or another program) never get the same name.
 */
async function claimFreePath(path: string): Promise<string> {
  const extension = extname(path);
  const stem = basename(path, extension);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? path : join(dirname(path), `${stem} (${n})${extension}`);
    try {
      await (await open(candidate, 'wx')).close();
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
