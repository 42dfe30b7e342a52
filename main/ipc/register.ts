// Registers the handler table on ipcMain. Calls from any webContents or frame
// other than the app's own main frame are refused before their arguments are read.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CHANNELS, type Channel, type Result } from '../../preload/contract.js';
import { handle, type Handlers } from '../app/services.js';
import type { Logger } from '../core/util/logger.js';
import { isAppUrl } from '../window-policy.js';

export interface IpcTrust {
  trusted: Set<number>;
}

export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>, trust: IpcTrust): boolean {
  const frame = event.senderFrame;
  return trust.trusted.has(event.sender.id) && frame !== null && frame.parent === null && isAppUrl(frame.url);
}

export function registerIpc(handlers: Handlers, trust: IpcTrust, logger: Logger, onCall?: (entry: unknown) => void) {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, args: unknown): Promise<Result<unknown>> => {
      if (!isTrustedSender(event, trust)) {
        logger.warn('refused IPC from an untrusted sender', { channel });
        return { ok: false, error: { code: 'invalid-argument', params: { reason: 'sender' } } };
      }
      const result = await handle(handlers, channel as Channel, args, logger);
      onCall?.({ type: 'invoke', channel, args, result });
      return result;
    });
  }
}

export function trust(trustSet: IpcTrust, contents: WebContents) {
  trustSet.trusted.add(contents.id);
  contents.once('destroyed', () => trustSet.trusted.delete(contents.id));
}
