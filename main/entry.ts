// The app binary's entry: the CLI when started with `--cli`, else the desktop app. Each is loaded
// only when chosen, so the CLI never touches the window's start-up.
import { cliArgv } from './app/cli-argv.js';

const args = cliArgv(process.argv);
if (args) await (await import('./electron/cli-mode.js')).runCli(args);
else await import('./index.js');
