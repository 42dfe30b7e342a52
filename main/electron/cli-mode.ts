// `exam-practice --cli …`: the CLI inside the app's own binary (its fuses forbid running it as
// plain Node). No window, no dock icon, no single-instance lock: the data folder's own lock keeps
// one writer per folder, as between the app and `npm run cli`.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { main } from '../cli/program.js';
import { utilityWorker } from './utility-worker.js';

/** The one bundle's folder: worker.js is beside it. */
const here = dirname(fileURLToPath(import.meta.url));

export async function runCli(args: string[]): Promise<void> {
  app.dock?.hide();
  // A utilityProcess can start only once the app is ready; only a command reading scans asks.
  const code = await main(args, {
    workerSpawner: async () => {
      await app.whenReady();
      return utilityWorker(here);
    },
  });
  app.exit(code);
}
