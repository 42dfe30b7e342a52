import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { APP_VERSION } from '../../main/core/version.js';

it('records the same version as package.json', () => {
  expect(APP_VERSION).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
});
