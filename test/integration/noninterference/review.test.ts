// Noninterference, review world (game.ts): A notebook review session of the cards the earlier exam missed runs, one card checked and ratable.
import { describeWorlds, RUNS } from './game.js';

describeWorlds('review', Math.max(1, Math.round(RUNS / 3)));
