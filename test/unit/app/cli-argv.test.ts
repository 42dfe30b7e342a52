import { describe, expect, it } from 'vitest';
import { cliArgv } from '../../../main/app/cli-argv.js';

describe('the app binary as the CLI', () => {
  it('runs the CLI with what follows --cli, in the installed app and in development', () => {
    expect(cliArgv(['/opt/Exam Practice/exam-practice', '--cli', 'pack', 'build', '--out', 'x.exampack'])).toEqual([
      'pack',
      'build',
      '--out',
      'x.exampack',
    ]);
    expect(cliArgv(['/usr/bin/electron', '.', '--cli', '--version'])).toEqual(['--version']);
  });

  it('opens the window otherwise, a pack path included', () => {
    expect(cliArgv(['/opt/Exam Practice/exam-practice'])).toBeNull();
    expect(cliArgv(['/opt/Exam Practice/exam-practice', '/home/ana/turma.exampack'])).toBeNull();
  });
});
