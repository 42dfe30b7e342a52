import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExamState, Settings } from '../../../preload/contract';
import { ExamBuilder } from '../features/exams/ExamBuilder';
import { ExamScreen } from '../features/exams/ExamScreen';
import { HistoryScreen } from '../features/exams/HistoryScreen';
import { ResultsScreen } from '../features/exams/ResultsScreen';
import { KeysScreen } from '../features/onboarding/KeysScreen';
import { PackDropAndOpen } from '../features/packs/PackDropAndOpen';
import { PacksScreen } from '../features/packs/PacksScreen';
import { LibraryScreen } from '../features/library/LibraryScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { SyncScreen } from '../features/sync/SyncScreen';
import { StorageNotices } from '../components/StorageNotices';
import { i18next } from '../i18n';
import { api } from '../lib/bridge';

export type Screen = 'library' | 'exams' | 'history' | 'sync' | 'packs' | 'keys' | 'settings';
const SCREENS: Screen[] = ['library', 'exams', 'history', 'sync', 'packs', 'keys', 'settings'];

/** What the exams screen shows: the builder, an attempt being taken, or a result. */
type ExamView = { kind: 'builder' } | { kind: 'taking'; state: ExamState } | { kind: 'result'; attemptId: string };

function useTheme(theme: Settings['theme']) {
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}

export function App({ initialSettings }: { initialSettings: Settings }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState(initialSettings);
  const [screen, setScreen] = useState<Screen | null>(null);
  const [packsVersion, setPacksVersion] = useState(0);
  const [examView, setExamView] = useState<ExamView>({ kind: 'builder' });
  const showResult = useCallback((attemptId: string) => setExamView({ kind: 'result', attemptId }), []);
  useTheme(settings.theme);

  useEffect(() => {
    document.documentElement.lang = settings.language;
    document.title = t('app.title');
  }, [settings.language, t]);

  useEffect(() => {
    // A running attempt (the app was closed or crashed mid-exam) resumes where it was. Otherwise:
    // with questions, the library; with a key but nothing synced, sync; on a first run, the
    // library's empty state, which offers the demo pack, a pack import and connecting a key.
    // A screen the student already chose while this was being decided is kept.
    const startOn = (first: Screen) => setScreen((current) => current ?? first);
    void (async () => {
      const running = await api['exam:current']({});
      if (running) {
        setExamView((current) => (current.kind === 'builder' ? { kind: 'taking', state: running } : current));
        startOn('exams');
        return;
      }
      const [facets, keys] = await Promise.all([api['catalog:facets']({}), api['keys:status']({})]);
      startOn(facets.total === 0 && keys.keys.some((k) => k.present) ? 'sync' : 'library');
    })();
  }, []);

  const changeSettings = useCallback(async (change: Partial<Settings>) => {
    const next = await api['settings:set']({ settings: change });
    if (change.language) await i18next.changeLanguage(next.language);
    setSettings(next);
  }, []);

  return (
    <div className="shell" data-testid="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <nav className="sidebar" aria-label={t('app.title')}>
        <h1 className="brand">{t('app.title')}</h1>
        <ul>
          {SCREENS.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="nav-item"
                data-testid={`nav-${name}`}
                aria-current={screen === name ? 'page' : undefined}
                onClick={() => {
                  // "Simulados" opens the builder again unless an attempt is running.
                  if (name === 'exams' && examView.kind === 'result') setExamView({ kind: 'builder' });
                  setScreen(name);
                }}
              >
                {t(`app.nav.${name}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <StorageNotices />
        {screen === null && <p>{t('app.loading')}</p>}
        {screen === 'library' && <LibraryScreen key={packsVersion} onNavigate={setScreen} />}
        {screen === 'sync' && <SyncScreen onNavigate={setScreen} />}
        {screen === 'exams' && examView.kind === 'builder' && (
          <ExamBuilder onStarted={(state) => setExamView({ kind: 'taking', state })} />
        )}
        {screen === 'exams' && examView.kind === 'taking' && (
          <ExamScreen key={examView.state.attemptId} initial={examView.state} onFinished={showResult} />
        )}
        {screen === 'exams' && examView.kind === 'result' && (
          <ResultsScreen
            key={examView.attemptId}
            attemptId={examView.attemptId}
            onRetry={(state) => setExamView({ kind: 'taking', state })}
            onHistory={() => setScreen('history')}
          />
        )}
        {screen === 'history' && (
          <HistoryScreen
            onOpen={(attemptId, running) => {
              if (running)
                void api['exam:current']({}).then((state) => state && setExamView({ kind: 'taking', state }));
              else setExamView({ kind: 'result', attemptId });
              setScreen('exams');
            }}
          />
        )}
        {screen === 'packs' && <PacksScreen key={packsVersion} />}
        {screen === 'keys' && <KeysScreen onNavigate={setScreen} />}
        {screen === 'settings' && <SettingsScreen settings={settings} onChange={changeSettings} />}
      </main>
      <PackDropAndOpen
        onImported={() => {
          setPacksVersion((v) => v + 1);
          setScreen((current) => (current === 'library' ? current : 'packs'));
        }}
      />
    </div>
  );
}
