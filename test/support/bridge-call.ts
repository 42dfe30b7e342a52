// Calling the app's handler table the way the renderer does (validated, errors as values).
import type { Args, Channel, Responses } from '../../preload/contract.js';
import { type AppServices } from '../../main/app/services.js';
import { handle } from '../../main/app/handle.js';

/** The channel's value; a refusal fails the test with its code. */
export async function callValue<C extends Channel>(
  services: AppServices,
  channel: C,
  args: Args<C>,
): Promise<Responses[C]> {
  const result = await handle(services.handlers, channel, args);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
}
