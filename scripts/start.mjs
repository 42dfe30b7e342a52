// Launches the built app in Electron. Where the Electron binary was not
// downloaded, says so in one line with the command that fetches it.
import { spawn } from 'node:child_process';
import { electronBinaryPath, FETCH_COMMAND } from './electron-binary.mjs';

const binary = electronBinaryPath();
if (!binary) {
  console.error(`Electron binary not found (never downloaded). Fetch it with: ${FETCH_COMMAND}`);
  process.exit(1);
}
const child = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
