import { app, clipboard, Menu, type MenuItemConstructorOptions } from 'electron';
import type { FileToSave } from '../../preload/contract.js';
import { diagnosticsFileName } from '../core/diagnostics.js';

/** What the Help menu hands a support person: built in main, never through the renderer. */
export interface HelpActions {
  diagnostics: () => Promise<string>;
  /** Saves as every file the app offers is saved (app/saving.ts: a save dialog, a durable write). */
  save: (file: FileToSave) => Promise<unknown>;
  onError: (error: unknown) => void;
}

const LABELS = {
  pt: { copy: 'Copiar diagnóstico', save: 'Salvar registros…' },
  en: { copy: 'Copy diagnostics', save: 'Save logs…' },
};

export function installMenu(help: HelpActions) {
  const mac = process.platform === 'darwin';
  const labels = app.getLocale().startsWith('pt') ? LABELS.pt : LABELS.en;
  const copy = async () => clipboard.writeText(await help.diagnostics());
  const save = async () => help.save({ fileName: diagnosticsFileName(new Date()), data: await help.diagnostics() });
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        // Ids: testers reach them with Menu.getApplicationMenu().getMenuItemById (docs/testing.md).
        { id: 'help-copy-diagnostics', label: labels.copy, click: () => void copy().catch(help.onError) },
        { id: 'help-save-logs', label: labels.save, click: () => void save().catch(help.onError) },
        { type: 'separator' },
        { role: 'about' },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
