// Packaging cannot run offline, so its configuration is checked against the
// schema electron-builder itself ships, plus the choices the issue requires.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
const load = (file: string) => parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;

describe('electron-builder configuration', () => {
  it.each(['electron-builder.yml', 'electron-builder.e2e.yml'])('%s is valid for electron-builder’s schema', (file) => {
    expect(validate(load(file)), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('rejects an invalid option, so the schema check is real', () => {
    expect(validate({ ...load('electron-builder.yml'), mac: { category: 5 } })).toBe(false);
  });

  it('targets nsis, dmg + zip, AppImage + deb with the education categories and a hardened runtime', () => {
    const config = load('electron-builder.yml');
    const targets = (list: unknown) =>
      (list as ({ target: string } | string)[]).map((t) => (typeof t === 'string' ? t : t.target));
    expect(targets(config.win?.target)).toEqual(['nsis']);
    expect(targets(config.mac?.target)).toEqual(['dmg', 'zip']);
    expect(config.mac).toMatchObject({ category: 'public.app-category.education', hardenedRuntime: true });
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'], category: 'Education' });
  });

  it('flips the fuses for release and keeps only inspect on for the Playwright build', () => {
    const release = load('electron-builder.yml').electronFuses;
    const e2e = load('electron-builder.e2e.yml').electronFuses;
    expect(release).toMatchObject({
      runAsNode: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
    });
    expect(e2e).toEqual({ ...release, enableNodeCliInspectArguments: true });
  });
});

describe('the installed app as a desktop citizen', () => {
  const config = load('electron-builder.yml');

  it('associates packs and result files with the app', () => {
    const associations = config.fileAssociations as unknown as { ext: string }[];
    expect(associations.map((a) => a.ext)).toEqual(['exampack', 'examresult']);
  });

  it('ships the Windows CLI launcher, which runs the app’s own binary with --cli and passes its exit code on', () => {
    const [launcher] = config.win?.extraResources as { from: string; to: string }[];
    expect(launcher).toEqual({ from: 'assets/bin/exam-practice.cmd', to: 'bin/exam-practice.cmd' });
    const script = readFileSync(launcher?.from ?? '', 'utf8');
    // From resources\bin, the binary is two folders up; every argument follows --cli.
    expect(script).toContain('"%~dp0..\\..\\Exam Practice.exe" --cli %*');
    expect(script).toContain('exit /b %ERRORLEVEL%');
    expect(script.split('\n').every((line) => line === '' || line.endsWith('\r'))).toBe(true); // CRLF for cmd
    expect(config.productName).toBe('Exam Practice');
  });
});
