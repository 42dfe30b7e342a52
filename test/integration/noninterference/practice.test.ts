// Noninterference, practice world (game.ts): A practice exam runs with one question (its key the same in both worlds) already checked: the lock lets it go and keeps the others.
import { describeWorlds, RUNS } from './game.js';

describeWorlds('practice', Math.max(1, Math.round(RUNS / 3)));
