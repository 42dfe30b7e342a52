// Noninterference, retry world (game.ts): The retry of the earlier exam's misses runs (the misses, the same in both worlds).
import { describeWorlds, RUNS } from './game.js';

describeWorlds('retry', Math.max(1, Math.round(RUNS / 3)));
