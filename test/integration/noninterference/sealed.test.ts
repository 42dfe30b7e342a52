// Noninterference, sealed world (game.ts): Nothing runs: an exam of a sealed pack was handed in and waits for a code only the tutor has; every channel refused during an exam is open here.
import { describeWorlds, RUNS } from './game.js';

// Half the timed world's runs: it alone opens what a running exam refuses.
describeWorlds('sealed', Math.max(1, Math.round(RUNS / 2)));
