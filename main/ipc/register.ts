// Registers the handler table on ipcMain. Calls from any webContents or frame
// other than the app's own main frame are refused before their arguments are read.
import { ipcMain, type WebContents } from 'electron';
import type { Channel, Result } from '../../preload/contract.js';
import { CHANNELS } from '../../preload/channels/index.js';
import { type Handlers } from '../app/services.js';
import { handle, loggableArgs } from '../app/handle.js';
import type { Logger } from '../core/util/logger.js';
import { isTrustedSender, type IpcTrust } from './sender-check.js';

export type { IpcTrust };

export function registerIpc(handlers: Handlers, trust: IpcTrust, logger: Logger, onCall?: (entry: unknown) => void) {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, args: unknown): Promise<Result<unknown>> => {
      if (!isTrustedSender(event, trust)) {
        logger.warn('refused IPC from an untrusted sender', { channel });
        return { ok: false, error: { code: 'invalid-argument', params: { reason: 'sender' } } };
      }
      const result = await handle(handlers, channel as Channel, args, logger);
      onCall?.({ type: 'invoke', channel, args: loggableArgs(channel, args), result });
      return result;
    });
  }
}

export function trust(trustSet: IpcTrust, contents: WebContents) {
  trustSet.trusted.add(contents.id);
  contents.once('destroyed', () => trustSet.trusted.delete(contents.id));
}
