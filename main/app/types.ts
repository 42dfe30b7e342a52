// The contract's types as main uses them, plus the handler table's shape.
import type { Args, Channel, Responses } from '../../preload/contract.js';

export * from '../../preload/contract.js';
export type Handlers = { [C in Channel]: (args: Args<C>) => Promise<Responses[C]> };
