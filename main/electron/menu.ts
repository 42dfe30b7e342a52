import { app, Menu, shell, type MenuItemConstructorOptions } from 'electron';

export function installMenu(docsUrl: string) {
  const mac = process.platform === 'darwin';
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
    { role: 'help', submenu: [{ label: 'Documentation', click: () => void shell.openExternal(docsUrl) }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
