// Every screen but the library is its own chunk, loaded when it is first opened (docs/performance.md
// › The renderer's first script). Each one is its own Suspense boundary: a screen that replaces
// another mounts a new boundary, so the one it replaces is unmounted, not kept hidden while the
// chunk loads (a hidden screen's heading would take the focus the new screen's start is owed).
import { lazy, Suspense, type ComponentType, type JSX } from 'react';
import { useTranslation } from 'react-i18next';

function Loading() {
  const { t } = useTranslation();
  return <p>{t('app.loading')}</p>;
}

function chunk<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => JSX.Element {
  const Screen = lazy(async () => ({ default: await load() }));
  return function LazyScreen(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Screen {...props} />
      </Suspense>
    );
  };
}

export const ExamBuilder = chunk(async () => (await import('../features/exams/ExamBuilder')).ExamBuilder);
export const ExamScreen = chunk(async () => (await import('../features/exams/ExamScreen')).ExamScreen);
export const HistoryScreen = chunk(async () => (await import('../features/exams/HistoryScreen')).HistoryScreen);
export const ResultsScreen = chunk(async () => (await import('../features/exams/ResultsScreen')).ResultsScreen);
export const KeysScreen = chunk(async () => (await import('../features/onboarding/KeysScreen')).KeysScreen);
export const PacksScreen = chunk(async () => (await import('../features/packs/PacksScreen')).PacksScreen);
export const NotebookScreen = chunk(async () => (await import('../features/notebook/NotebookScreen')).NotebookScreen);
export const ClassReportScreen = chunk(
  async () => (await import('../features/class/ClassReportScreen')).ClassReportScreen,
);
export const GradePaperScreen = chunk(
  async () => (await import('../features/paper/GradePaperScreen')).GradePaperScreen,
);
export const SettingsScreen = chunk(async () => (await import('../features/settings/SettingsScreen')).SettingsScreen);
export const SyncScreen = chunk(async () => (await import('../features/sync/SyncScreen')).SyncScreen);
