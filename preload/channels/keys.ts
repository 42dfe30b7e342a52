// The catalog API's keys: their status, connecting one (checked against the API), removing one.
// Each channel declared once: its request's schema (main validates every call with it), its
// response's type and its key policy (main/core/exams/visibility.ts), side by side.
import { z } from 'zod';
import { productSchema } from '../schemas.js';
import type { KeysOverview } from '../contract/sync.js';
import type { Product } from '../schemas.js';
import { channel } from './declare.js';

export const keysChannels = {
  'keys:status': channel<KeysOverview>()(z.strictObject({}), 'no-key'),
  'keys:connect': channel<{ product: Product; keys: KeysOverview }>()(
    z.strictObject({
      baseUrl: z.string().min(1).max(2000),
      apiKey: z.string().min(1).max(500),
      sessionOnly: z.boolean().optional(),
    }),
    'no-key',
  ),
  'keys:remove': channel<KeysOverview>()(z.strictObject({ product: productSchema }), 'no-key'),
};
