import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AreaId,
  BridgeErrorValue,
  Difficulty,
  ExamPreset,
  ExamRequest,
  ExamState,
  PackSummary,
  Settings,
} from '../../../../preload/contract';
import { AnySelect, named, useDifficultyChoices } from '../../components/AnySelect';
import { useSourceLabel } from '../../components/useSourceLabel';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PrintPaper } from '../paper/PrintPaper';
import { api, errorOf } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/queries';
import { ExamComposition } from './ExamComposition';

const AREA_IDS: AreaId[] = ['linguagens', 'humanas', 'natureza', 'matematica'];

const EXTRA_MINUTES = 60;
const NO_PRESETS: ExamPreset[] = [];
const NO_PACKS: PackSummary[] = [];

export function ExamBuilder({
  settings: studentSettings,
  onSettings,
  onStarted,
}: {
  settings: Settings;
  onSettings: (change: Partial<Settings>) => Promise<void>;
  onStarted: (state: ExamState) => void;
}) {
  const { t } = useTranslation();
  // The library's facets, the presets, the tutors' pack exams and a running attempt: through the
  // query cache, read again when the catalog changes (an import or a sync finishing) or an attempt
  // starts or ends.
  const facets = useBridgeQuery(api, 'catalog:facets', {}).data ?? null;
  const presets = useBridgeQuery(api, 'exam:presets', {}).data ?? NO_PRESETS;
  const packs = useBridgeQuery(api, 'packs:list', {}).data ?? NO_PACKS;
  const running = useBridgeQuery(api, 'exam:current', {}).data ?? null;
  /** A built-in preset, a pack's fixed exam (`pack:<id>`), or '' for a custom exam. */
  const [preset, setPreset] = useState<string>('quick-10');
  const [warnings, setWarnings] = useState('30, 5');
  const [area, setArea] = useState<AreaId>('matematica');
  const [sources, setSources] = useState<string[]>([]);
  const [subjectId, setSubjectId] = useState('');
  const [difficulty, setDifficulty] = useState<Difficulty | ''>('');
  const [count, setCount] = useState('10');
  const [title, setTitle] = useState('');
  const [mode, setMode] = useState<'timed' | 'practice'>('timed');
  const [minutes, setMinutes] = useState('20');
  const [strict, setStrict] = useState(true);
  const [preferUnseen, setPreferUnseen] = useState(true);
  const [seed, setSeed] = useState('');
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const [busy, setBusy] = useState(false);
  const difficulties = useDifficultyChoices();
  const packExams = packs.filter((p) => p.examConfig);
  const packExam = packExams.find((p) => `pack:${p.id}` === preset);

  const applyPreset = (id: string) => {
    setPreset(id);
    const pack = packExams.find((p) => `pack:${p.id}` === id);
    if (pack?.examConfig) {
      setTitle(pack.title);
      setMode('timed');
      setMinutes(String(pack.examConfig.timeLimitMinutes ?? 60));
      setStrict(pack.examConfig.strictTimer ?? true);
      setSeed(pack.examConfig.seed === undefined ? '' : String(pack.examConfig.seed));
      return;
    }
    const chosen = presets.find((p) => p.id === id);
    if (!chosen) return;
    setCount(String(chosen.request.count));
    setMode(chosen.settings.mode);
    setMinutes(String(chosen.settings.timeLimitMinutes ?? ''));
    setStrict(chosen.settings.strict);
  };

  const request = useMemo<ExamRequest>(() => {
    if (packExam?.examConfig) {
      // The tutor's fixed exam: that pack's questions (or the chosen pool), its count.
      const config = packExam.examConfig;
      const count = config.count ?? config.questionIds?.length ?? packExam.questionCount;
      return {
        sources: [`pack:${packExam.id}`],
        count: Math.min(500, Math.max(1, count)),
        ...(config.questionIds && { questionIds: config.questionIds }),
      };
    }
    const chosen = presets.find((p) => p.id === preset);
    const areas = chosen?.id === 'enem-area' ? [area] : chosen?.request.areas;
    const base: ExamRequest = chosen
      ? {
          ...chosen.request,
          ...(areas && { areas }),
          // Linguagens includes 5 questions in the foreign language the student chose.
          ...(areas?.includes('linguagens') && { foreignLanguage: studentSettings.foreignLanguage }),
        }
      : { count: Math.max(1, Math.min(500, Number(count) || 1)), preferUnseen };
    return {
      ...base,
      preferUnseen,
      ...(sources.length > 0 && { sources }),
      ...(subjectId && !base.areas && { subjectId }),
      ...(difficulty && { difficulty }),
    };
  }, [packExam, presets, preset, area, count, preferUnseen, sources, subjectId, difficulty, studentSettings]);

  // A new choice: the count follows it (the last one shown meanwhile), and an error about the
  // previous one goes away.
  const matching = useBridgeQuery(api, 'exam:count', { request }, { keepPrevious: true }).data ?? null;
  useEffect(() => setError(null), [request]);
  const shortBlocks = matching?.blocks.filter((b) => b.available < b.needed) ?? [];
  const enemPreset = presets.find((p) => p.id === preset)?.request.enemOnly === true;
  const extra = mode === 'timed' && studentSettings.extraTime ? EXTRA_MINUTES : 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const state = await api['exam:start']({
        request,
        settings: {
          // A title the student leaves blank is generated: named by its key, it follows the UI language.
          ...(title.trim()
            ? { title: title.trim() }
            : presets.some((p) => p.id === preset)
              ? { title: t(`exams.preset.${preset as ExamPreset['id']}`), titleKey: preset as ExamPreset['id'] }
              : { title: t('exams.defaultTitle'), titleKey: 'custom' as const }),
          mode,
          timeLimitMinutes: mode === 'timed' ? Math.max(1, Number(minutes) || 1) + extra : null,
          strict: mode === 'timed' ? strict : false,
          warnings: warnings
            .split(/[^\d]+/)
            .map(Number)
            .filter((n) => n > 0)
            .slice(0, 5),
          ...(seed.trim() !== '' && { seed: Number(seed) }),
        },
      });
      onStarted(state);
    } catch (caught) {
      setError(errorOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const toggleSource = (source: string) =>
    setSources((current) => (current.includes(source) ? current.filter((s) => s !== source) : [...current, source]));
  const sourceLabel = useSourceLabel();

  return (
    <section aria-labelledby="exams-heading" data-testid="screen-exams">
      <h2 id="exams-heading">{t('exams.heading')}</h2>
      <p>{t('exams.intro')}</p>
      {running && (
        <p className="notice notice-warning">
          <button type="button" className="primary" onClick={() => onStarted(running)} data-testid="exam-resume">
            {t('exams.resume')}: {running.title}
          </button>
        </p>
      )}
      <form className="form grid" onSubmit={(e) => void submit(e)}>
        <label htmlFor="exam-preset">{t('exams.presets')}</label>
        <select id="exam-preset" value={preset} onChange={(e) => applyPreset(e.target.value)} data-testid="exam-preset">
          <option value="">{t('exams.custom')}</option>
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {t(`exams.preset.${p.id}`)}
            </option>
          ))}
          {packExams.map((p) => (
            <option key={p.id} value={`pack:${p.id}`}>
              {t('exams.packExam', { title: p.title })}
            </option>
          ))}
        </select>
        {preset === 'enem-area' && (
          <>
            <label htmlFor="exam-area">{t('exams.areaChoice')}</label>
            <select
              id="exam-area"
              value={area}
              onChange={(e) => setArea(e.target.value as AreaId)}
              data-testid="exam-area"
            >
              {AREA_IDS.map((a) => (
                <option key={a} value={a}>
                  {t(`exams.area.${a}`)}
                </option>
              ))}
            </select>
          </>
        )}
        {request.foreignLanguage && (
          <>
            <label htmlFor="exam-language">{t('exams.foreignLanguage')}</label>
            <select
              id="exam-language"
              value={studentSettings.foreignLanguage}
              onChange={(e) => void onSettings({ foreignLanguage: e.target.value as Settings['foreignLanguage'] })}
              data-testid="exam-language"
            >
              {(['ingles', 'espanhol'] as const).map((language) => (
                <option key={language} value={language}>
                  {t(`exams.languages.${language}`)}
                </option>
              ))}
            </select>
          </>
        )}
        {enemPreset && (
          <>
            <span />
            <p className="muted" data-testid="exam-enem-sources">
              {t('exams.enemSources')}
            </p>
          </>
        )}
        <span id="exam-sources-label">{t('exams.sources')}</span>
        <div role="group" aria-labelledby="exam-sources-label" className="checkbox-group" data-testid="exam-sources">
          {facets?.sources.map((source) => (
            <label key={source} className="checkbox">
              <input
                type="checkbox"
                checked={sources.includes(source)}
                onChange={() => toggleSource(source)}
                data-testid={`exam-source-${source}`}
              />
              {sourceLabel(source)}
            </label>
          ))}
          {sources.length === 0 && <span className="muted">{t('exams.allSources')}</span>}
        </div>
        {preset === '' && (
          <>
            <label htmlFor="exam-subject">{t('sync.subject')}</label>
            <AnySelect
              id="exam-subject"
              testId="exam-subject"
              feminine
              value={subjectId}
              onChange={setSubjectId}
              options={named(facets?.subjects)}
            />
            <label htmlFor="exam-count">{t('exams.count')}</label>
            <input
              id="exam-count"
              type="number"
              min={1}
              max={500}
              value={count}
              onChange={(e) => setCount(e.target.value)}
              data-testid="exam-count"
            />
          </>
        )}
        <label htmlFor="exam-difficulty">{t('sync.difficulty')}</label>
        <AnySelect
          id="exam-difficulty"
          testId="exam-difficulty"
          feminine
          value={difficulty}
          onChange={(v) => setDifficulty(v as Difficulty | '')}
          options={difficulties}
        />
        <label htmlFor="exam-title">{t('exams.title')}</label>
        <input id="exam-title" value={title} onChange={(e) => setTitle(e.target.value)} data-testid="exam-title" />
        <label htmlFor="exam-mode">{t('exams.mode')}</label>
        <select
          id="exam-mode"
          value={mode}
          onChange={(e) => setMode(e.target.value as 'timed' | 'practice')}
          data-testid="exam-mode"
        >
          <option value="timed">{t('exams.modes.timed')}</option>
          <option value="practice">{t('exams.modes.practice')}</option>
        </select>
        {mode === 'timed' && (
          <>
            <label htmlFor="exam-minutes">{t('exams.timeLimit')}</label>
            <input
              id="exam-minutes"
              type="number"
              min={1}
              max={1440}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              data-testid="exam-minutes"
            />
            <span />
            <label className="checkbox">
              <input
                type="checkbox"
                checked={strict}
                onChange={(e) => setStrict(e.target.checked)}
                data-testid="exam-strict"
              />
              {t('exams.strict')}
            </label>
            <label htmlFor="exam-warnings">{t('exams.warnings')}</label>
            <input
              id="exam-warnings"
              value={warnings}
              onChange={(e) => setWarnings(e.target.value)}
              data-testid="exam-warnings"
            />
          </>
        )}
        <span />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={preferUnseen}
            onChange={(e) => setPreferUnseen(e.target.checked)}
            data-testid="exam-prefer-unseen"
          />
          {t('exams.preferUnseen')}
        </label>
        <label htmlFor="exam-seed">{t('exams.seed')}</label>
        <input
          id="exam-seed"
          inputMode="numeric"
          pattern="[0-9]*"
          value={seed}
          onChange={(e) => setSeed(e.target.value.replace(/\D/g, ''))}
          data-testid="exam-seed"
        />
        <span />
        <div>
          {matching && <ExamComposition matching={matching} />}
          {extra > 0 && (
            <p className="muted" data-testid="exam-extra-time">
              {t('exams.extraTime')}
            </p>
          )}
          <button
            type="submit"
            className="primary"
            disabled={busy || running !== null || matching?.matching === 0 || shortBlocks.length > 0}
            data-testid="exam-start"
          >
            {t('exams.start')}
          </button>
        </div>
      </form>
      <ErrorNotice error={error} testId="exam-error" />
      <PrintPaper
        request={request}
        title={
          title.trim() ||
          (presets.some((p) => p.id === preset)
            ? t(`exams.preset.${preset as ExamPreset['id']}`)
            : t('exams.defaultTitle'))
        }
        // A class print: the exam's own time, never the printing student's accommodation.
        minutes={mode === 'timed' ? Math.max(1, Number(minutes) || 1) : null}
        seed={seed.trim() !== '' ? Number(seed) : undefined}
        disabled={running !== null || matching?.matching === 0 || shortBlocks.length > 0}
      />
    </section>
  );
}
