import { describe, expect, it } from 'vitest';
import { progress } from '../../../main/cli/common.js';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
}

describe('cli progress', () => {
  it('on a terminal, one bar redrawn in place, ended by a newline', () => {
    const { written, stream: out } = stream(true);
    const bar = progress('print', out);
    for (let done = 1; done <= 4; done += 1) bar.update(done, 4, `booklet-${done}.pdf`);
    bar.end();
    expect(written).toHaveLength(5);
    expect(written.slice(0, 4).every((w) => w.startsWith('\r\x1b[2Kprint ['))).toBe(true);
    expect(written[3]).toContain('[########################] booklet-4.pdf');
    expect(written[4]).toBe('\n');
  });

  it('elsewhere, a plain line per quarter however many updates', () => {
    const { written, stream: out } = stream(false);
    const bar = progress('sync', out);
    for (let done = 0; done <= 1000; done += 1) bar.update(done, 1000);
    bar.end();
    expect(written).toEqual(['sync: 0%\n', 'sync: 25%\n', 'sync: 50%\n', 'sync: 75%\n', 'sync: 100%\n']);
  });
});
