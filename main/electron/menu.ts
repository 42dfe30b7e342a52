import { app, clipboard, dialog, Menu, type MenuItemConstructorOptions } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { diagnosticsFileName } from '../core/diagnostics.js';

/** What the Help menu hands a support person: built in main, never through the renderer. */
export interface HelpActions {
  diagnostics: () => Promise<string>;
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
  const save = async () => {
    const text = await help.diagnostics();
    const chosen = await dialog.showSaveDialog({
      defaultPath: join(app.getPath('documents'), diagnosticsFileName(new Date())),
      filters: [{ name: 'Text', extensions: ['txt'] }],
    });
    if (!chosen.canceled && chosen.filePath) await writeFile(chosen.filePath, text, 'utf8');
  };
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
        { label: labels.copy, click: () => void copy().catch(help.onError) },
        { label: labels.save, click: () => void save().catch(help.onError) },
        { type: 'separator' },
        { role: 'about' },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
