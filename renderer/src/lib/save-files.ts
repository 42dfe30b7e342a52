import type { FileToSave, SavedFiles } from '../../../preload/contract';
import { api } from './bridge';

/**
 * Offers files to save: main asks where (a save dialog for one, a folder for several) and writes
 * them all. `paths` is empty when the user closed the dialog.
 */
export function saveFiles(files: readonly FileToSave[]): Promise<SavedFiles> {
  // Only the name and the bytes cross: a built pack or a result carries more, which the channel refuses.
  return api['files:save']({ files: files.map(({ fileName, data }) => ({ fileName, data })) });
}
