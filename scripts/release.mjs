// The release job's installers (CI, on a version tag): signed where the repository holds the
// certificates, unsigned where it does not — and then it says exactly what each build's updates
// will verify, and fails when a signed Windows build would not check its updates' publisher.
//
//   node scripts/release.mjs            -> electron-builder --publish always, with the plan below
//
// Secrets (all optional; docs/desktop.md › Signatures): WIN_CSC_LINK + WIN_CSC_KEY_PASSWORD (an
// Authenticode certificate, base64 or a URL), CSC_LINK + CSC_KEY_PASSWORD (a Developer ID
// Application certificate), and for notarisation APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD +
// APPLE_TEAM_ID or APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const present = (env, name) => typeof env[name] === 'string' && env[name].trim() !== '';

/**
 * What this platform's build will be: signed or not, notarised or not, the electron-builder
 * arguments and environment for it, and one line per thing its updates verify.
 */
export function signingPlan(env, platform) {
  const args = ['electron-builder', '--publish', 'always'];
  const extraEnv = {};
  const verified = ['sha512 of every download, from the release’s latest*.yml (electron-updater)'];
  let signed = false;
  let notarized = false;
  if (platform === 'win32') {
    signed = present(env, 'WIN_CSC_LINK');
    if (signed) verified.push('the installer’s Authenticode signature and publisher (app-update.yml publisherName)');
  } else if (platform === 'darwin') {
    signed = present(env, 'CSC_LINK');
    notarized =
      signed &&
      ((present(env, 'APPLE_ID') && present(env, 'APPLE_APP_SPECIFIC_PASSWORD') && present(env, 'APPLE_TEAM_ID')) ||
        (present(env, 'APPLE_API_KEY') && present(env, 'APPLE_API_KEY_ID') && present(env, 'APPLE_API_ISSUER')));
    // Without a certificate, no signing identity is looked for in the runner's keychain either.
    if (!signed) extraEnv.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
    if (signed) verified.push('the code signature of the new app, against the running one (Squirrel.Mac)');
  }
  // The app reads this to know whether an installed macOS copy can update itself (main/index.ts).
  if (signed) args.push('-c.extraMetadata.examPracticeSigned=true');
  return { signed, notarized, args, extraEnv, verified };
}

/** Whether app-update.yml names the publisher electron-updater checks Windows updates against. */
export function namesPublisher(appUpdateYml) {
  return /^publisherName:\s*(\S|$)/m.test(appUpdateYml) && !/^publisherName:\s*(null|~|\[\])\s*$/m.test(appUpdateYml);
}

function windowsUpdateConfig() {
  const unpacked = readdirSync('dist').find((name) => name.startsWith('win') && name.endsWith('unpacked'));
  const path = unpacked && join('dist', unpacked, 'resources', 'app-update.yml');
  return path && existsSync(path) ? readFileSync(path, 'utf8') : null;
}

function main() {
  const plan = signingPlan(process.env, process.platform);
  const run = spawnSync('npx', plan.args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, ...plan.extraEnv },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  if (process.platform === 'win32' && plan.signed) {
    const config = windowsUpdateConfig();
    if (!config || !namesPublisher(config)) {
      console.error('::error::signed, but app-update.yml names no publisherName: updates would not check it');
      process.exit(1);
    }
  }
  const kind = plan.signed
    ? process.platform === 'darwin' && !plan.notarized
      ? 'signed, not notarised'
      : 'signed'
    : 'unsigned';
  if (!plan.signed && process.platform !== 'linux')
    console.log(`::warning::${process.platform} build is unsigned: updates are protected by their sha512 only`);
  if (process.platform === 'darwin' && !plan.signed)
    console.log('::warning::an unsigned macOS app cannot update itself (Squirrel.Mac refuses): it says so in Settings');
  console.log(`release build (${process.platform}): ${kind}; its updates verify:\n- ${plan.verified.join('\n- ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
