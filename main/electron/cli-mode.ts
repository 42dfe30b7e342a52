// `exam-practice --cli …`: the CLI inside the app's own binary (its fuses forbid running it as
// plain Node). No window, no dock icon, no single-instance lock: the data folder's own lock keeps
// one writer per folder, as between the app and `npm run cli`.
import { app } from 'electron';
import { main } from '../cli/program.js';

export async function runCli(args: string[]): Promise<void> {
  app.dock?.hide();
  const code = await main(args);
  app.exit(code);
}
