// Every channel of the bridge, joined from the capabilities' declarations (one file each, beside
// this one): the schema table main validates with, the key-policy table the visibility module and
// its tests read, and the channel list the preload exposes. A channel is declared once, in its
// capability's file; these tables are derived, so none can lack a channel the others have.
import type { z } from 'zod';
import { appChannels } from './app.js';
import { keysChannels } from './keys.js';
import { syncChannels } from './sync.js';
import { catalogChannels } from './catalog.js';
import { examsChannels } from './exams.js';
import { packsChannels } from './packs.js';
import { notebookChannels } from './notebook.js';
import { classChannels } from './class.js';
import { paperChannels } from './paper.js';
import { updatesChannels } from './updates.js';
import type { ChannelDeclaration, KeyPolicy } from './declare.js';

export type { KeyPolicy } from './declare.js';

export const CHANNEL_DECLARATIONS = {
  ...appChannels,
  ...keysChannels,
  ...syncChannels,
  ...catalogChannels,
  ...examsChannels,
  ...packsChannels,
  ...notebookChannels,
  ...classChannels,
  ...paperChannels,
  ...updatesChannels,
};

export type ChannelDeclarations = typeof CHANNEL_DECLARATIONS;
export type ChannelName = keyof ChannelDeclarations;

const entries = Object.entries(CHANNEL_DECLARATIONS) as [ChannelName, ChannelDeclaration<z.ZodType, unknown>][];

/** Each channel's request schema. */
export const requestSchemas = Object.fromEntries(entries.map(([name, declared]) => [name, declared.request])) as {
  [C in ChannelName]: ChannelDeclarations[C]['request'];
};

/** Each channel's written decision about the answer key (main/core/exams/visibility.ts). */
export const CHANNEL_KEY_POLICY = Object.fromEntries(
  entries.map(([name, declared]) => [name, declared.policy]),
) as Record<ChannelName, KeyPolicy>;

/** Every channel, by name, in the order they are declared. */
export const CHANNELS = entries.map(([name]) => name);
