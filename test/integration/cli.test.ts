import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../fake-api/server.js';
import { runCli } from '../support/run-node.js';
import { tempDir } from '../support/temp.js';
import { APP_VERSION } from '../../main/core/version.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setup(options: Parameters<typeof startFakeApi>[0] = {}): Promise<{ api: FakeApi; dir: string }> {
  const api = await startFakeApi({ questions: 250, seed: 5, ...options });
  const { dir, cleanup } = await tempDir();
  cleanups.push(cleanup, () => api.close());
  return { api, dir };
}

const cli = (args: string[], key?: string) => runCli(args, { EXAM_API_KEY: key });

describe('cli sync', () => {
  it('prints one JSON summary as the last stdout line and exits 0', async () => {
    const { api, dir } = await setup();
    const result = await cli(
      ['sync', '--base-url', api.baseUrl, '--product', 'vestibulares', '--data-dir', dir, '--json'],
      api.keys.vestibulares,
    );
    expect(result.code).toBe(0);
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
    expect(Object.keys(last)).toEqual([
      'product',
      'total',
      'questions',
      'requests',
      'retries',
      'rateLimitWaits',
      'images',
      'skipped',
      'durationMs',
      'outcome',
      'unendedListings',
    ]);
    expect(last).toMatchObject({
      product: 'vestibulares',
      total: 250,
      questions: 250,
      requests: 4,
      retries: 0,
      skipped: 0,
    });
    expect(result.stdout + result.stderr).not.toContain(api.keys.vestibulares);
  });

  it('exits 2 on bad usage, without touching the network', async () => {
    const { api, dir } = await setup();
    for (const args of [
      ['sync', '--product', 'enem', '--data-dir', dir],
      ['sync', '--base-url', api.baseUrl, '--product', 'other', '--data-dir', dir],
      ['sync', '--base-url', api.baseUrl, '--product', 'enem', '--data-dir', dir, '--difficulty', 'extreme'],
      ['sync', '--base-url', api.baseUrl, '--product', 'enem', '--data-dir', dir, '--bogus'],
      ['frobnicate'],
    ]) {
      expect((await cli(args, api.keys.enem)).code, args.join(' ')).toBe(2);
    }
    expect((await cli(['sync', '--base-url', api.baseUrl, '--product', 'enem', '--data-dir', dir])).code).toBe(2); // no key
    expect(api.log).toEqual([]);
  });

  it('exits 3 on 401 and 403 with words a student understands', async () => {
    const { api, dir } = await setup();
    const revoked = await cli(
      ['sync', '--base-url', api.baseUrl, '--product', 'enem', '--data-dir', dir],
      api.keys.revoked,
    );
    expect(revoked.code).toBe(3);
    expect(revoked.stderr).toMatch(/revoked or expired/);
    const wrong = await cli(
      ['sync', '--base-url', api.baseUrl, '--product', 'enem', '--data-dir', dir],
      api.keys.vestibulares,
    );
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/other product/);
  });

  it('exits 4 when the quota runs out, keeping the partial data for stats', async () => {
    const { api, dir } = await setup({ dailyLimit: 2 });
    const result = await cli(
      ['sync', '--base-url', api.baseUrl, '--product', 'vestibulares', '--data-dir', dir, '--json'],
      api.keys.vestibulares,
    );
    expect(result.code).toBe(4);
    const stats = await cli(['stats', '--data-dir', dir, '--json']);
    expect(JSON.parse(stats.stdout)).toMatchObject({ total: 100, byProduct: { vestibulares: 100 } });
  });
});

describe('cli sync when the server fails or misbehaves', () => {
  it('exits 6 on 500s, saying in Portuguese and then English what happened and what to do', async () => {
    const { api, dir } = await setup({ faults: { errorRate: 1 } });
    const result = await cli(
      ['sync', '--base-url', api.baseUrl, '--product', 'enem', '--data-dir', dir],
      api.keys.enem,
    );
    expect(result.code).toBe(6);
    const [pt, en] = result.stderr.trim().split('\n').slice(-2);
    expect(pt).toMatch(/erro interno \(5xx\).*tente de novo em alguns minutos/);
    expect(en).toMatch(/internal error \(5xx\).*try again in a few minutes/);
    expect(result.stderr).not.toMatch(/cli: HTTP 500/);
  });

  it('exits 6 for an answer that is not the API’s, or a redirect elsewhere, saying what to check', async () => {
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    const elsewhere = 'http://127.0.0.1:9/v1/enem/questions';
    const server = createServer((req, res) => {
      if (req.url?.startsWith('/html/')) res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>login</html>');
      else res.writeHead(302, { Location: elsewhere }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const html = await cli(['sync', '--base-url', `${base}/html`, '--product', 'enem', '--data-dir', dir], 'k');
    expect(html.code).toBe(6);
    expect(html.stderr).toMatch(/não é JSON.*Confira --base-url/);
    expect(html.stderr).toMatch(/not JSON.*Check --base-url/);
    const redirected = await cli(['sync', '--base-url', base, '--product', 'enem', '--data-dir', dir], 'k');
    expect(redirected.code).toBe(6);
    expect(redirected.stderr).toMatch(/redirecionou para outro endereço/);
    expect(redirected.stderr).toMatch(/redirected to another address/);
  });

  it('exits 6 when a listing never ends, having kept what came, and reports each question once by cause', async () => {
    const { api, dir } = await setup({ faults: { endlessListing: true }, shape: 'varied' });
    const result = await cli(
      ['sync', '--base-url', api.baseUrl, '--product', 'enem', '--data-dir', dir, '--json'],
      api.keys.enem,
    );
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/listagem do servidor não terminou/);
    expect(result.stderr).toMatch(/listing did not end/);
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '') as {
      questions: number;
      unendedListings: number;
      outcome: { kept: number; keyless: { total: number }; refused: { total: number } };
    };
    expect(last.unendedListings).toBeGreaterThan(0);
    expect(last.outcome.kept + last.outcome.keyless.total).toBe(last.questions);
    expect(last.questions).toBe(api.catalog().filter((q) => q.national).length);
  });
});

describe('cli stats', () => {
  it('counts by product, exam, subject, year, difficulty and source', async () => {
    const { api, dir } = await setup();
    await cli(['sync', '--base-url', api.baseUrl, '--product', 'enem', '--data-dir', dir], api.keys.enem);
    const stats = JSON.parse((await cli(['stats', '--data-dir', dir, '--json'])).stdout) as Record<
      string,
      Record<string, number>
    >;
    const national = api.catalog().filter((q) => q.national);
    expect(stats.total).toBe(national.length);
    expect(stats.byExam).toEqual({ ENEM: national.length });
    expect(stats.bySource).toEqual({ 'api:enem': national.length });
    const years = Object.values(stats.byYear ?? {}).reduce((a, b) => a + b, 0);
    expect(years).toBe(national.length);
    expect(Object.keys(stats.byDifficulty ?? {}).sort()).toEqual(['easy', 'hard', 'medium']);
  });
});

describe('fake-api CLI contract', () => {
  it('prints {baseUrl, cdnUrl, keys} as its first line and serves until SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/fake-api/cli.ts', '--port', '0', '--questions', '30', '--seed', '7'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const first = await new Promise<string>((resolve) =>
      createInterface({ input: child.stdout }).once('line', resolve),
    );
    const contract = JSON.parse(first) as { baseUrl: string; cdnUrl: string; keys: Record<string, string> };
    expect(contract.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(contract.cdnUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(contract.keys).sort()).toEqual(['enem', 'expired', 'noSubscription', 'revoked', 'vestibulares']);
    const response = await fetch(`${contract.baseUrl}/v1/enem/questions?limit=1`, {
      headers: { 'X-API-Key': contract.keys.enem ?? '' },
    });
    expect(response.status).toBe(200);
    child.kill('SIGTERM');
    expect(await new Promise((r) => child.once('exit', r))).toBe(0);
  });
});

describe('cli pack', () => {
  it('builds a filtered pack, inspects it, and imports it into an empty data dir', async () => {
    const { api, dir } = await setup();
    await cli(
      ['sync', '--base-url', api.baseUrl, '--product', 'vestibulares', '--data-dir', dir],
      api.keys.vestibulares,
    );
    const out = join(dir, 'revisao.exampack');
    const sample = api.catalog()[0];
    const built = await cli([
      'pack',
      'build',
      '--data-dir',
      dir,
      '--out',
      out,
      '--title',
      'Revisão',
      '--year',
      String(sample?.year),
      '--limit',
      '5',
      '--json',
    ]);
    expect(built.code).toBe(0);
    expect(JSON.parse(built.stdout)).toMatchObject({ questions: 5, missingImages: 0 });
    const inspected = await cli(['pack', 'inspect', out, '--json']);
    expect(inspected.code).toBe(0);
    expect(JSON.parse(inspected.stdout)).toMatchObject({
      integrity: 'ok',
      manifest: { title: 'Revisão', questionCount: 5 },
      counts: { questions: 5 },
    });
    const { dir: fresh, cleanup } = await tempDir();
    cleanups.push(cleanup);
    const imported = await cli(['pack', 'import', out, '--data-dir', fresh, '--json']);
    expect(JSON.parse(imported.stdout)).toMatchObject({ questions: 5, added: 5 });
    const stats = JSON.parse((await cli(['stats', '--data-dir', fresh, '--json'])).stdout) as {
      total: number;
      byYear: Record<string, number>;
    };
    expect(stats.total).toBe(5);
    expect(stats.byYear).toEqual({ [String(sample?.year)]: 5 });
  });

  it('exits 5 for an invalid pack and 2 for bad usage', async () => {
    const { dir } = await setup();
    const bogus = join(dir, 'bogus.exampack');
    await writeFile(bogus, 'not a zip');
    const inspected = await cli(['pack', 'inspect', bogus, '--json']);
    expect(inspected.code).toBe(5);
    expect(JSON.parse(inspected.stdout)).toMatchObject({ integrity: 'invalid', error: 'not-a-zip' });
    expect((await cli(['pack', 'import', bogus, '--data-dir', dir])).code).toBe(5);
    expect((await cli(['pack', 'build', '--data-dir', dir])).code).toBe(2);
    expect((await cli(['pack', 'inspect'])).code).toBe(2);
    expect((await cli(['pack', 'frobnicate'])).code).toBe(2);
  });
});

describe('cli help, version and progress', () => {
  it('every command has its own help, and --version prints the version', async () => {
    const root = await cli(['--help']);
    expect(root.code).toBe(0);
    for (const command of ['sync', 'stats', 'pack', 'class', 'print', 'notebook'])
      expect(root.stdout).toContain(command);
    for (const [args, option] of [
      [['sync', '--help'], '--base-url'],
      [['pack', 'build', '--help'], '--title'],
      [['pack', 'moodle-import', '--help'], '--title'],
      [['class', 'report', '--help'], '--results'],
      [['print', 'booklet', '--help'], '--versions'],
      [['notebook', 'stats', '--help'], '--data-dir'],
    ] as const) {
      const help = await cli([...args]);
      expect(help.code, args.join(' ')).toBe(0);
      expect(help.stdout, args.join(' ')).toContain(option);
    }
    const version = await cli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(APP_VERSION);
  });

  it('a bad value is bad usage (2), with the command named', async () => {
    const bad = await cli(['print', 'booklet', '--data-dir', '.', '--out', '.', '--count', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--count/);
  });

  it('without a terminal, sync reports its progress as a few plain lines on stderr', async () => {
    const { api, dir } = await setup();
    const result = await cli(
      ['sync', '--base-url', api.baseUrl, '--product', 'vestibulares', '--data-dir', dir, '--json'],
      api.keys.vestibulares,
    );
    expect(result.code).toBe(0);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('sync: '));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(result.stderr).not.toContain('\x1b[');
  });
});
