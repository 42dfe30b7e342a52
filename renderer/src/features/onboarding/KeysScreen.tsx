import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, KeysOverview } from '../../../../preload/contract';
import type { Screen } from '../../lib/screens';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';
import { queryKeyOf, useBridgeQuery } from '../../lib/queries';

export function KeysScreen({ onNavigate }: { onNavigate: (screen: Screen) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const overview = useBridgeQuery(api, 'keys:status', {}).data ?? null;
  // Connecting and removing answer with the new overview: the cache's answer at once.
  const setOverview = (next: KeysOverview) => queryClient.setQueryData(queryKeyOf('keys:status', {}), next);
  // Typed by the tutor, or else the address of a key already kept (once main has said it).
  const [typedUrl, setBaseUrl] = useState<string | null>(null);
  const baseUrl = typedUrl ?? overview?.keys.find((k) => k.baseUrl)?.baseUrl ?? '';
  const [apiKey, setApiKey] = useState('');
  const [sessionOnly, setSessionOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const [connected, setConnected] = useState<string | null>(null);

  const weak = overview !== null && overview.storageSecurity !== 'secure';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setConnected(null);
    try {
      const result = await api['keys:connect']({
        baseUrl,
        apiKey,
        ...(weak || sessionOnly ? { sessionOnly: true } : {}),
      });
      setOverview(result.keys);
      setApiKey('');
      setConnected(t('keys.connected', { product: t(`products.${result.product}`) }));
    } catch (caught) {
      setError(errorOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (product: 'enem' | 'vestibulares') => {
    setOverview(await api['keys:remove']({ product }));
  };

  const present = overview?.keys.filter((k) => k.present) ?? [];

  return (
    <section aria-labelledby="keys-heading" data-testid="screen-keys">
      <h2 id="keys-heading">{t('keys.heading')}</h2>
      <p>{t('keys.intro')}</p>
      {overview && weak && (
        <p className="notice notice-warning" role="note" data-testid="weak-storage-warning">
          {overview.storageSecurity === 'weak' ? t('keys.weakStorage') : t('keys.unavailableStorage')}
        </p>
      )}
      <form className="form" onSubmit={(e) => void submit(e)} data-testid="connect-form">
        <label htmlFor="base-url">{t('keys.baseUrl')}</label>
        <input
          id="base-url"
          type="url"
          required
          value={baseUrl}
          placeholder="https://"
          onChange={(e) => setBaseUrl(e.target.value)}
          data-testid="base-url-input"
        />
        <label htmlFor="api-key">{t('keys.apiKey')}</label>
        <input
          id="api-key"
          type="password"
          required
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          data-testid="api-key-input"
        />
        {!weak && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={sessionOnly}
              onChange={(e) => setSessionOnly(e.target.checked)}
              data-testid="session-only"
            />
            {t('keys.keepForSession')}
          </label>
        )}
        <button type="submit" className="primary" disabled={busy} data-testid="connect-button">
          {busy ? t('keys.connecting') : t('keys.connect')}
        </button>
      </form>
      <ErrorNotice error={error} testId="connect-error" />
      {connected && (
        <p className="notice notice-success" role="status" data-testid="connect-success">
          {connected}{' '}
          <button type="button" className="link" onClick={() => onNavigate('sync')} data-testid="go-sync">
            {t('app.nav.sync')}
          </button>
        </p>
      )}
      <h3>{t('keys.connectedList')}</h3>
      {present.length === 0 ? (
        <p data-testid="no-keys">
          {t('keys.none')} {t('keys.noKeyHint')}
        </p>
      ) : (
        <ul className="key-list" data-testid="key-list">
          {present.map((key) => (
            <li key={key.product} data-testid={`key-${key.product}`}>
              <strong>{t(`products.${key.product}`)}</strong>{' '}
              <code data-testid={`key-${key.product}-masked`}>{key.masked}</code>{' '}
              <span className="muted">{key.baseUrl}</span>
              {key.sessionOnly && <span className="badge">{t('keys.sessionOnly')}</span>}
              <button
                type="button"
                className="secondary"
                onClick={() => void remove(key.product)}
                data-testid={`remove-key-${key.product}`}
              >
                {t('keys.remove', { product: t(`products.${key.product}`) })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">{t('keys.replace')}</p>
    </section>
  );
}
