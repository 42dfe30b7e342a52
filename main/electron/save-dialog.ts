import { app, dialog, type BrowserWindow } from 'electron';
import { dirname, extname, join } from 'node:path';
import type { SaveTarget } from '../app/saving.js';

const TITLES = {
  pt: { file: 'Salvar arquivo', folder: (count: number) => `Escolha a pasta para os ${count} arquivos` },
  en: { file: 'Save file', folder: (count: number) => `Choose the folder for the ${count} files` },
};

/**
 * The installed app's save target: a save dialog for one file, a folder dialog for a batch, both
 * over the window and starting where the last save went (this session).
 */
export function dialogSaveTarget(window: () => BrowserWindow | null): SaveTarget {
  let lastFolder = app.getPath('documents');
  return async (request) => {
    const titles = app.getLocale().startsWith('pt') ? TITLES.pt : TITLES.en;
    const parent = window();
    if (request.kind === 'file') {
      const extension = extname(request.fileName).slice(1);
      const options = {
        title: titles.file,
        defaultPath: join(lastFolder, request.fileName),
        ...(extension && { filters: [{ name: extension.toUpperCase(), extensions: [extension] }] }),
      };
      const chosen = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      if (chosen.canceled || !chosen.filePath) return null;
      lastFolder = dirname(chosen.filePath);
      return { path: chosen.filePath, overwrite: true };
    }
    const options = {
      title: titles.folder(request.count),
      defaultPath: lastFolder,
      properties: ['openDirectory' as const, 'createDirectory' as const],
    };
    const chosen = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    const folder = chosen.canceled ? undefined : chosen.filePaths[0];
    if (!folder) return null;
    lastFolder = folder;
    return { path: folder, overwrite: false };
  };
}
