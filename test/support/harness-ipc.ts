// The page's side of the harness transport (harness only): calls cross a Playwright binding with
// bytes as base64, events arrive through window.__examAppDispatch. Shared by the harness bridge
// (the source tree's contract) and the Electron stand-in that runs the packaged preload.
import type { Channel, EventName, Result } from '../../preload/contract';
import { decodeBytes, encodeBytes } from './bytes-codec';

const toBase64 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

declare global {
  interface Window {
    __examAppInvoke(channel: Channel, args: unknown): Promise<Result<unknown>>;
    __examAppDispatch(event: EventName, payload: unknown): void;
  }
}

const listeners = new Map<string, Set<(payload: unknown) => void>>();

window.__examAppDispatch = (event, payload) => {
  listeners.get(event)?.forEach((listener) => listener(payload));
};

/** One call to main's handler table, as ipcRenderer.invoke makes it in Electron. */
export async function invoke(channel: Channel, args: unknown): Promise<Result<unknown>> {
  return decodeBytes(await window.__examAppInvoke(channel, encodeBytes(args, toBase64)), fromBase64) as Result<unknown>;
}

/** Listens to one of main's events; the returned function stops listening. */
export function listen(event: string, listener: (payload: unknown) => void): () => void {
  const set = listeners.get(event) ?? new Set();
  set.add(listener);
  listeners.set(event, set);
  return () => void set.delete(listener);
}
