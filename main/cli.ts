// Headless CLI over the same core as the app: `npm run --silent cli -- <command>`, built into
// out/cli/index.js (no tsx at run time); the installed app runs the same program with `--cli`.
// The API key comes from EXAM_API_KEY only: arguments show up in `ps` and shell history.
import { main } from './cli/program.js';

process.exitCode = await main(process.argv.slice(2));
