// Sandboxed preload: exposes window.examApp, one method per contract channel.
// Never a generic invoke/send: the renderer cannot name a channel it was not given.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridge, EVENTS, type Channel, type EventName, type Result } from './contract.js';
// The channel names, derived from the declarations: the build replaces this import with the names
// alone (scripts/build.mjs), so zod, which the declarations carry, stays out of the preload.
import { CHANNELS } from './channels/index.js';

const api = createBridge(
  {
    invoke: (channel: Channel, args: unknown) => ipcRenderer.invoke(channel, args) as Promise<Result<unknown>>,
    subscribe: (event: EventName, listener: (payload: unknown) => void) => {
      if (!EVENTS.includes(event)) throw new Error('unknown event');
      const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(event, wrapped);
      return () => void ipcRenderer.removeListener(event, wrapped);
    },
  },
  CHANNELS,
);

contextBridge.exposeInMainWorld('examApp', api);
