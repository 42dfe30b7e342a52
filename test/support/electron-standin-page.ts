// Runs in the page (harness over the package only): what the shipped preload asks of Electron —
// contextBridge.exposeInMainWorld and ipcRenderer's invoke/on/removeListener — over the harness's
// Playwright binding, so that out/preload/index.cjs from the package runs as it does in the app.
// Only Electron is stood in for: the channel list, createBridge and the event filter are the package's.
import { invoke, listen } from './harness-ipc';

type Listener = (event: { sender: null }, payload: unknown) => void;
const subscriptions = new Map<Listener, Map<string, () => void>>();

const electron = {
  contextBridge: {
    exposeInMainWorld(name: string, api: unknown) {
      // contextBridge hands the page a frozen copy; a second exposure under one name is an error there too.
      if (name in window) throw new Error(`contextBridge: "${name}" is already exposed`);
      Object.defineProperty(window, name, { value: Object.freeze(api), enumerable: true });
    },
  },
  ipcRenderer: {
    invoke: (channel: string, args: unknown) => invoke(channel as never, args),
    on(event: string, listener: Listener) {
      const byEvent = subscriptions.get(listener) ?? new Map<string, () => void>();
      byEvent.set(
        event,
        listen(event, (payload) => listener({ sender: null }, payload)),
      );
      subscriptions.set(listener, byEvent);
    },
    removeListener(event: string, listener: Listener) {
      subscriptions.get(listener)?.get(event)?.();
      subscriptions.get(listener)?.delete(event);
    },
  },
};

/** A sandboxed preload's `require`: Electron's module only, as in the app. */
(window as unknown as { __electronStandInRequire: (name: string) => unknown }).__electronStandInRequire = (
  name: string,
) => {
  if (name === 'electron') return electron;
  throw new Error(`a sandboxed preload cannot require "${name}"`);
};
