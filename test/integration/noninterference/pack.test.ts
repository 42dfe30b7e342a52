// Noninterference, pack world (game.ts): An exam of a tutor's pack runs: the pack's keys are the secret, the catalog is the same in both worlds.
import { describeWorlds, RUNS } from './game.js';

describeWorlds('pack', Math.max(1, Math.round(RUNS / 3)));
