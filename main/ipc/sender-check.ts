// Who may call the bridge: the app's own main frame in a window we created.
import type { IpcMainInvokeEvent } from 'electron';
import { isAppUrl } from '../window-policy.js';

export interface IpcTrust {
  trusted: Set<number>;
}

export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>, trust: IpcTrust): boolean {
  const frame = event.senderFrame;
  return trust.trusted.has(event.sender.id) && frame !== null && frame.parent === null && isAppUrl(frame.url);
}
