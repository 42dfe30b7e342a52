// The window's own channels: the app's facts and notices, settings, saving files the app offers,
// opening a link in the OS browser, and the deadlines that passed while the app was closed.
import { BridgeError } from '../../preload/contract.js';
import type { ExamEngine } from '../core/exams/engine.js';
import type { Workspace } from '../core/workspace.js';
import { isSafeExternalUrl } from '../window-policy.js';
import type { MissedDeadlines } from './exam-clockwork.js';
import { saveFiles } from './saving.js';
import type { ServiceOptions } from './service-api.js';
import type { Handlers } from './types.js';

type AppChannel =
  | 'exam:missed-deadlines'
  | 'app:notices'
  | 'app:dismiss-notices'
  | 'app:info'
  | 'settings:get'
  | 'settings:set'
  | 'files:save'
  | 'shell:open-external';

export function createAppHandlers(deps: {
  options: Pick<ServiceOptions, 'version' | 'shell' | 'dataDir' | 'settings' | 'saveTarget' | 'openExternal'>;
  workspace: Workspace;
  engine: () => ExamEngine;
  deadlines: MissedDeadlines;
}): Pick<Handlers, AppChannel> {
  const { options, workspace, engine, deadlines } = deps;
  const notices = () => workspace.notices();
  return {
    'exam:missed-deadlines': () =>
      Promise.resolve(
        deadlines.take().map((attemptId) => ({
          attemptId,
          ...(engine().titleOf(attemptId) ?? { title: '', kind: 'exam' as const, titleKey: null }),
        })),
      ),
    'app:notices': () => Promise.resolve(notices()),
    'app:dismiss-notices': () => {
      workspace.clearNotices();
      return Promise.resolve(notices());
    },
    'app:info': () =>
      Promise.resolve({
        name: 'Exam Practice',
        version: options.version,
        platform: process.platform,
        shell: options.shell,
        dataDir: options.dataDir,
      }),
    'settings:get': () => options.settings.get(),
    'settings:set': ({ settings }) => options.settings.set(settings),
    // What it reports is what the policy decided: a refused URL is never said to be opened.
    'files:save': ({ files }) => saveFiles(files, options.saveTarget),
    'shell:open-external': async ({ url }) => {
      if (!isSafeExternalUrl(url)) throw new BridgeError('external-url-refused');
      // Never "opened" for a link the shell refused: the renderer is told what happened.
      if (!(await options.openExternal(new URL(url).toString()))) throw new BridgeError('external-url-refused');
      return { opened: true };
    },
  };
}
