// Updates in Settings: on or off, the channel, what is happening now, and "Restart and update"
// only when no exam runs (main decides: core/updates/policy.ts).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings, UpdateStatus } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api } from '../../lib/bridge';
import { useAction } from '../../lib/useAction';

export function UpdatesSection({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (change: Partial<Settings>) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const { busy, error, run } = useAction();

  useEffect(() => {
    const refresh = () => void api['updates:status']({}).then(setStatus);
    refresh();
    const offChanged = api.on('updates:changed', setStatus);
    // An exam starting or ending changes whether the restart is offered.
    const offRunning = api.on('exam:running', refresh);
    return () => {
      offChanged();
      offRunning();
    };
  }, [settings.updates, settings.updateChannel]);

  const act = async (channel: 'updates:check' | 'updates:install') => {
    const next = await run(() => api[channel]({}));
    if (next) setStatus(next);
  };

  return (
    <section aria-labelledby="updates-heading" data-testid="settings-updates">
      <h3 id="updates-heading">{t('updates.heading')}</h3>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.updates}
          onChange={(e) => void onChange({ updates: e.target.checked })}
          data-testid="settings-updates-enabled"
        />
        {t('updates.enabled')}
      </label>
      <label htmlFor="settings-update-channel">{t('updates.channel')}</label>{' '}
      <select
        id="settings-update-channel"
        value={settings.updateChannel}
        onChange={(e) => void onChange({ updateChannel: e.target.value === 'beta' ? 'beta' : 'stable' })}
        data-testid="settings-update-channel"
      >
        <option value="stable">{t('updates.channels.stable')}</option>
        <option value="beta">{t('updates.channels.beta')}</option>
      </select>
      {status && (
        <p
          role="status"
          data-testid="settings-update-status"
          data-phase={status.supported ? status.phase : 'unsupported'}
          data-version={status.version ?? ''}
        >
          {t('updates.current', { version: status.currentVersion })}{' '}
          {!status.supported
            ? t(status.unsupported === 'unsigned' ? 'updates.unsigned' : 'updates.unsupported')
            : status.waitingForExam
              ? t('updates.waitingForExam', { version: status.version })
              : t(`updates.phase.${status.phase}`, {
                  version: status.version,
                  when: status.lastCheckAt ? new Date(status.lastCheckAt).toLocaleString(i18n.language) : '—',
                  reason: status.error,
                })}
        </p>
      )}
      {status?.supported && (
        <div className="actions">
          <button
            type="button"
            className="secondary"
            disabled={busy || status.phase === 'checking' || status.phase === 'downloading'}
            onClick={() => void act('updates:check')}
            data-testid="settings-update-check"
          >
            {t('updates.check')}
          </button>
          {status.canRestart && (
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void act('updates:install')}
              data-testid="settings-update-install"
            >
              {t('updates.install', { version: status.version })}
            </button>
          )}
        </div>
      )}
      <ErrorNotice error={error} testId="settings-update-error" />
    </section>
  );
}
