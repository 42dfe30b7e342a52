import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, Settings } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';
import { queryKeyOf, useBridgeQuery } from '../../lib/queries';
import { formatBytes } from '../../lib/format';
import { UpdatesSection } from './UpdatesSection';

export function SettingsScreen({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (change: Partial<Settings>) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const cache = useBridgeQuery(api, 'cache:info', {}).data ?? null;
  const security = useBridgeQuery(api, 'keys:status', {}).data?.storageSecurity ?? null;
  const [confirming, setConfirming] = useState(false);
  const [cleared, setCleared] = useState(false);
  const [removePacks, setRemovePacks] = useState(false);
  const [error, setError] = useState<BridgeErrorValue | null>(null);

  const clear = async () => {
    setError(null);
    try {
      queryClient.setQueryData(queryKeyOf('cache:info', {}), await api['cache:clear']({ removePacks }));
      setCleared(true);
    } catch (caught) {
      setError(errorOf(caught));
    }
    setConfirming(false);
  };
  const number = (n: number) => n.toLocaleString(i18n.language);

  return (
    <section aria-labelledby="settings-heading" data-testid="screen-settings">
      <h2 id="settings-heading">{t('settings.heading')}</h2>
      <div className="form grid">
        <label htmlFor="settings-language">{t('settings.language')}</label>
        <select
          id="settings-language"
          value={settings.language}
          onChange={(e) => void onChange({ language: e.target.value as Settings['language'] })}
          data-testid="settings-language"
        >
          <option value="pt-BR">Português (Brasil)</option>
          <option value="en">English</option>
        </select>
        <label htmlFor="settings-theme">{t('settings.theme')}</label>
        <select
          id="settings-theme"
          value={settings.theme}
          onChange={(e) => void onChange({ theme: e.target.value as Settings['theme'] })}
          data-testid="settings-theme"
        >
          {(['system', 'light', 'dark'] as const).map((theme) => (
            <option key={theme} value={theme}>
              {t(`settings.themes.${theme}`)}
            </option>
          ))}
        </select>
      </div>
      <h3>{t('settings.accessibility')}</h3>
      <div className="form grid" data-testid="settings-accessibility">
        <label htmlFor="settings-font-scale">{t('settings.fontScale')}</label>
        <select
          id="settings-font-scale"
          value={settings.fontScale}
          onChange={(e) => void onChange({ fontScale: e.target.value as Settings['fontScale'] })}
          data-testid="settings-font-scale"
        >
          {(['normal', 'large', 'xlarge'] as const).map((scale) => (
            <option key={scale} value={scale}>
              {t(`settings.fontScales.${scale}`)}
            </option>
          ))}
        </select>
        <label htmlFor="settings-foreign-language">{t('settings.foreignLanguage')}</label>
        <select
          id="settings-foreign-language"
          value={settings.foreignLanguage}
          onChange={(e) => void onChange({ foreignLanguage: e.target.value as Settings['foreignLanguage'] })}
          data-testid="settings-foreign-language"
        >
          {(['ingles', 'espanhol'] as const).map((language) => (
            <option key={language} value={language}>
              {t(`exams.languages.${language}`)}
            </option>
          ))}
        </select>
        <span />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.extraTime}
            onChange={(e) => void onChange({ extraTime: e.target.checked })}
            data-testid="settings-extra-time"
          />
          {t('settings.extraTime')}
        </label>
        <span />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.readingWidth}
            onChange={(e) => void onChange({ readingWidth: e.target.checked })}
            data-testid="settings-reading-width"
          />
          {t('settings.readingWidth')}
        </label>
        <span />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.reviewReminders}
            onChange={(e) => void onChange({ reviewReminders: e.target.checked })}
            data-testid="settings-review-reminders"
          />
          {t('notebook.reminders')}
        </label>
      </div>
      <UpdatesSection settings={settings} onChange={onChange} />
      <h3>{t('settings.security')}</h3>
      {security && (
        <p data-testid="settings-security" data-security={security}>
          {t(`settings.securityStatus.${security}`)}
        </p>
      )}
      <h3>{t('settings.data')}</h3>
      {cache && (
        <>
          <p>
            {t('settings.dataDir')}: <code data-testid="settings-data-dir">{cache.dataDir}</code>
          </p>
          <p data-testid="settings-size">
            {t('settings.size', {
              size: formatBytes(cache.bytes, i18n.language),
              questions: cache.questions.toLocaleString(i18n.language),
            })}
          </p>
        </>
      )}
      {!confirming ? (
        <button type="button" className="danger" onClick={() => setConfirming(true)} data-testid="settings-clear">
          {t('settings.clear')}
        </button>
      ) : (
        <div
          className="notice notice-warning"
          role="alertdialog"
          aria-label={t('settings.clear')}
          data-testid="settings-clear-confirm"
        >
          <p>{t('settings.confirmClear', { count: number(cache?.syncedQuestions ?? 0) })}</p>
          <p>{t('settings.keepsResults', { count: number(cache?.attempts ?? 0) })}</p>
          {(cache?.packs ?? 0) > 0 && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={removePacks}
                onChange={(e) => setRemovePacks(e.target.checked)}
                data-testid="settings-clear-packs"
              />{' '}
              {t('settings.alsoPacks', { packs: number(cache?.packs ?? 0), count: number(cache?.packQuestions ?? 0) })}
            </label>
          )}
          <button type="button" className="danger" onClick={() => void clear()} data-testid="settings-clear-yes">
            {t('settings.clear')}
          </button>{' '}
          <button
            type="button"
            className="secondary"
            onClick={() => setConfirming(false)}
            data-testid="settings-clear-no"
          >
            {t('library.close')}
          </button>
        </div>
      )}
      <ErrorNotice error={error} testId="settings-error" />
      {cleared && (
        <p role="status" data-testid="settings-cleared">
          {t('settings.cleared')}
        </p>
      )}
    </section>
  );
}
