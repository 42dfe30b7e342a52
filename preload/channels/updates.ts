// The installed app's updates: status, checking, restarting to install.
// Each channel declared once: its request's schema (main validates every call with it), its
// response's type and its key policy (main/core/exams/visibility.ts), side by side.
import { z } from 'zod';
import type { UpdateStatus } from '../contract/updates.js';
import { channel } from './declare.js';

export const updatesChannels = {
  // The app's own version and the update feed: no question, no key.
  'updates:status': channel<UpdateStatus>()(z.strictObject({}), 'no-key'),
  'updates:check': channel<UpdateStatus>()(z.strictObject({}), 'no-key'),
  'updates:install': channel<UpdateStatus>()(z.strictObject({}), 'no-key'),
};
