// Loaded with --import into a process the memory bench runs (the CLI): writes its peak RSS in KiB
// to the file named by RSS_OUT when it exits.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.RSS_OUT) writeFileSync(process.env.RSS_OUT, String(process.resourceUsage().maxRSS));
});
