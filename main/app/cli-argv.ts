// The installed app's binary is also the CLI: `exam-practice --cli <command> …` runs one command
// with no window. Everything after `--cli` is the CLI's; nothing before it is (Electron's own
// arguments, the app path in development).

/** The CLI's arguments when the binary was started as the CLI, else null (the window opens). */
export function cliArgv(argv: readonly string[]): string[] | null {
  const at = argv.indexOf('--cli');
  return at < 0 ? null : argv.slice(at + 1);
}
