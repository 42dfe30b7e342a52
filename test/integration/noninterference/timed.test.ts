// Noninterference, timed world (game.ts): A timed strict exam of the catalog's secret questions runs.
import { describeWorlds, RUNS } from './game.js';

describeWorlds('timed', RUNS);
