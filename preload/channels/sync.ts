// Sync with the catalog API: the overview, the estimate, a sync run and its cancellation.
// Each channel declared once: its request's schema (main validates every call with it), its
// response's type and its key policy (main/core/exams/visibility.ts), side by side.
import { z } from 'zod';
import { scopeSchema } from '../schemas.js';
import type { SyncEstimate, SyncOverview, SyncReport } from '../contract/sync.js';
import { channel } from './declare.js';

export const syncChannels = {
  'sync:overview': channel<SyncOverview>()(z.strictObject({}), 'no-key'),
  'sync:estimate': channel<SyncEstimate>()(z.strictObject({ scope: scopeSchema }), 'no-key'),
  'sync:start': channel<SyncReport>()(z.strictObject({ scope: scopeSchema }), 'no-key'),
  'sync:cancel': channel<{ cancelled: boolean }>()(z.strictObject({}), 'no-key'),
};
