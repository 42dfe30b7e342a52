import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AttemptKind,
  AttemptTitle,
  ExamState,
  NotebookOverview,
  ResultOffer,
  RunningExam,
  Settings,
} from '../../../preload/contract';
import { useFocusOnContext } from '../lib/useFocusOnContext';
import { useAttemptTitle } from '../features/exams/attemptTitle';
import { PackDropAndOpen } from '../features/packs/PackDropAndOpen';
import { LibraryScreen } from '../features/library/LibraryScreen';
import { StorageNotices } from '../components/StorageNotices';
import { changeLanguage } from '../i18n';
import { api } from '../lib/bridge';
import { type Screen } from '../lib/screens';
import { ExamNotice } from './ExamNotice';
import {
  ClassReportScreen,
  ExamBuilder,
  ExamScreen,
  GradePaperScreen,
  HistoryScreen,
  KeysScreen,
  NotebookScreen,
  PacksScreen,
  ResultsScreen,
  SettingsScreen,
  SyncScreen,
} from './lazy-screens';
import { Sidebar } from './Sidebar';
import { useReadingSettings, useTheme } from './window-settings';

/** What the exams screen shows: the builder, the running attempt (read from main), or a result. */
type ExamView = { kind: 'builder' } | { kind: 'taking'; attemptId: string } | { kind: 'result'; attemptId: string };

const summaryOf = (state: ExamState): RunningExam => ({
  attemptId: state.attemptId,
  title: state.title,
  kind: state.kind,
  titleKey: state.titleKey,
  mode: state.mode,
  deadline: state.deadline,
  clock: state.clock,
  answered: state.answers.filter((a) => a !== null).length,
  total: state.questions.length,
});

export function App({ initialSettings }: { initialSettings: Settings }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState(initialSettings);
  const [screen, setScreen] = useState<Screen | null>(null);
  const [packsVersion, setPacksVersion] = useState(0);
  const [examView, setExamView] = useState<ExamView>({ kind: 'builder' });
  const showResult = useCallback((attemptId: string) => setExamView({ kind: 'result', attemptId }), []);
  const [runningExam, setRunningExam] = useState<RunningExam | null>(null);
  /** An attempt main submitted at its deadline while the student was on another screen. */
  const [deadlinePassed, setDeadlinePassed] = useState<({ attemptId: string } & AttemptTitle) | null>(null);
  const titleOf = useAttemptTitle();
  const openExam = useCallback((attemptId: string) => {
    setExamView({ kind: 'taking', attemptId });
    setScreen('exams');
  }, []);
  useTheme(settings.theme);
  useReadingSettings(settings);
  /** The notebook's figures for the sidebar (countdown, reviews due): refreshed when exams start and end. */
  const [notebook, setNotebook] = useState<NotebookOverview | null>(null);
  const refreshNotebook = useCallback(() => {
    void api['notebook:overview']({}).then(setNotebook, () => setNotebook(null));
  }, []);
  useEffect(() => refreshNotebook(), [refreshNotebook]);
  // A capture, a paper grading or a rating anywhere: the badge follows at once, from the event's own
  // counts (the full overview simulates the plan: worth it on the notebook's screen, not per rating).
  useEffect(
    () =>
      api.on('notebook:changed', ({ dueToday, total }) =>
        setNotebook((current) => (current ? { ...current, dueToday, total } : current)),
      ),
    [],
  );

  useEffect(() => {
    const offRunning = api.on('exam:running', (exam) => {
      setRunningExam(exam);
      refreshNotebook();
    });
    return offRunning;
  }, [refreshNotebook]);
  // Result files the OS opened: the class report takes them (never pulling a student out of an exam).
  const [openedResults, setOpenedResults] = useState<ResultOffer[]>([]);
  /** Result files came with the launch: the first screen is the class report (unless an exam resumes). */
  const openedAtLaunch = useRef(false);
  const clearOpenedResults = useCallback(() => setOpenedResults([]), []);
  useEffect(
    () =>
      api.on('class:open-request', (offer) => {
        setOpenedResults((current) => [...current.filter((o) => o.name !== offer.name), offer]);
        const { screen: shown, examView: view } = viewRef.current;
        // Still deciding the first screen (files the app was launched with): decided there.
        if (shown === null) openedAtLaunch.current = true;
        else if (!(shown === 'exams' && view.kind === 'taking')) setScreen('class');
      }),
    [],
  );
  const runningRef = useRef<RunningExam | null>(null);
  runningRef.current = runningExam;
  const viewRef = useRef({ screen, examView });
  viewRef.current = { screen, examView };
  useEffect(
    () =>
      api.on('exam:submitted', ({ attemptId }) => {
        const { screen: shown, examView: view } = viewRef.current;
        // On the exam itself, the exam screen says so and moves to the result.
        if (shown === 'exams' && view.kind === 'taking' && view.attemptId === attemptId) return;
        const running = runningRef.current;
        setDeadlinePassed({
          attemptId,
          title: running?.title ?? '',
          kind: running?.kind ?? 'exam',
          titleKey: running?.titleKey ?? null,
        });
        setExamView((current) =>
          current.kind === 'taking' && current.attemptId === attemptId ? { kind: 'builder' } : current,
        );
      }),
    [],
  );

  // A deadline that passed while the app was closed: main submitted it on opening; said once here.
  useEffect(() => {
    void api['exam:missed-deadlines']({}).then(
      (missed) => {
        const last = missed.at(-1);
        if (last) setDeadlinePassed(last);
      },
      () => undefined,
    );
  }, []);
  // A warning mark reached while the student is on another screen: said here (the exam screen says its own).
  const [warningAway, setWarningAway] = useState<{ attemptId: string; minutesLeft: number } | null>(null);
  useEffect(
    () =>
      api.on('exam:warning', (event) => {
        const { screen: shown, examView: view } = viewRef.current;
        if (shown === 'exams' && view.kind === 'taking' && view.attemptId === event.attemptId) return;
        setWarningAway(event);
      }),
    [],
  );
  useEffect(() => {
    if (warningAway && runningExam?.attemptId !== warningAway.attemptId) setWarningAway(null);
  }, [runningExam, warningAway]);

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
        setRunningExam(summaryOf(running));
        setExamView((current) =>
          current.kind === 'builder' ? { kind: 'taking', attemptId: running.attemptId } : current,
        );
        startOn('exams');
        return;
      }
      const [facets, keys] = await Promise.all([api['catalog:facets']({}), api['keys:status']({})]);
      if (openedAtLaunch.current) startOn('class');
      else startOn(facets.total === 0 && keys.keys.some((k) => k.present) ? 'sync' : 'library');
    })();
  }, []);

  const changeSettings = useCallback(async (change: Partial<Settings>) => {
    // The control follows the click at once (a checkbox ticks as it is clicked), then shows what
    // main saved; refused, it goes back to what main holds.
    setSettings((current) => ({ ...current, ...change }));
    try {
      const next = await api['settings:set']({ settings: change });
      if (change.language) await changeLanguage(next.language);
      setSettings(next);
    } catch (error) {
      const held = await api['settings:get']({}).catch(() => null);
      if (held) setSettings(held);
      throw error;
    }
  }, []);

  // A notebook review runs on the exam screen, but it is the notebook's: the menu says so.
  const [resultKind, setResultKind] = useState<AttemptKind | null>(null);
  const reviewing =
    screen === 'exams' &&
    ((examView.kind === 'taking' && runningExam?.kind === 'review') ||
      (examView.kind === 'result' && resultKind === 'review'));
  const highlighted: Screen | null = reviewing ? 'notebook' : screen;

  // One focus rule: a new screen, exam, review, result or imported library puts the focus at its start.
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnContext(
    screen === null
      ? ''
      : `${screen}:${examView.kind}:${'attemptId' in examView ? examView.attemptId : ''}:${packsVersion}`,
    mainRef,
  );

  return (
    <div className="shell" data-testid="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Sidebar
        notebook={notebook}
        highlighted={highlighted}
        runningExam={runningExam}
        onChoose={(name) => {
          // "Simulados" returns to the running attempt, or opens the builder.
          if (name === 'exams')
            setExamView(runningExam ? { kind: 'taking', attemptId: runningExam.attemptId } : { kind: 'builder' });
          setScreen(name);
        }}
        onOpenRunning={openExam}
      />
      <main id="main" className="content" tabIndex={-1} ref={mainRef}>
        <StorageNotices />
        {warningAway && !(screen === 'exams' && examView.kind === 'taking') && (
          <ExamNotice
            testId="warning-away"
            actionTestId="warning-away-back"
            text={t('exams.warning', { minutes: warningAway.minutesLeft })}
            action={t('exams.backToExam')}
            onAction={() => {
              setWarningAway(null);
              setScreen('exams');
              setExamView({ kind: 'taking', attemptId: warningAway.attemptId });
            }}
          />
        )}
        {deadlinePassed && (
          <ExamNotice
            testId="deadline-notice"
            actionTestId="deadline-notice-result"
            text={t('exams.deadlineNotice', { title: titleOf(deadlinePassed) })}
            action={t('exams.seeResult')}
            onAction={() => {
              showResult(deadlinePassed.attemptId);
              setScreen('exams');
              setDeadlinePassed(null);
            }}
          />
        )}
        {screen === null && <p>{t('app.loading')}</p>}
        {screen === 'library' && <LibraryScreen key={packsVersion} onNavigate={setScreen} />}
        {screen === 'sync' && <SyncScreen onNavigate={setScreen} />}
        {screen === 'exams' && examView.kind === 'builder' && (
          <ExamBuilder
            settings={settings}
            onSettings={changeSettings}
            onStarted={(state) => {
              setRunningExam(summaryOf(state));
              setExamView({ kind: 'taking', attemptId: state.attemptId });
            }}
          />
        )}
        {screen === 'exams' && examView.kind === 'taking' && (
          <ExamScreen key={examView.attemptId} attemptId={examView.attemptId} onFinished={showResult} />
        )}
        {screen === 'exams' && examView.kind === 'result' && (
          <ResultsScreen
            key={examView.attemptId}
            attemptId={examView.attemptId}
            onRetry={(state) => {
              setRunningExam(summaryOf(state));
              setExamView({ kind: 'taking', attemptId: state.attemptId });
            }}
            onHistory={() => setScreen('history')}
            onNotebook={() => setScreen('notebook')}
            onKind={setResultKind}
          />
        )}
        {screen === 'notebook' && (
          <NotebookScreen
            onChanged={refreshNotebook}
            onStartReview={(state) => {
              setRunningExam(summaryOf(state));
              setExamView({ kind: 'taking', attemptId: state.attemptId });
              setScreen('exams');
            }}
          />
        )}
        {screen === 'history' && (
          <HistoryScreen
            onOpen={(attemptId, running) => {
              setExamView(running ? { kind: 'taking', attemptId } : { kind: 'result', attemptId });
              setScreen('exams');
            }}
          />
        )}
        {screen === 'packs' && <PacksScreen key={packsVersion} />}
        {screen === 'class' && <ClassReportScreen opened={openedResults} onClearOpened={clearOpenedResults} />}
        {screen === 'paper' && (
          <GradePaperScreen
            onGraded={(attemptId) => {
              showResult(attemptId);
              setScreen('exams');
            }}
          />
        )}
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
