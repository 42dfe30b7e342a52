import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Difficulty, LibraryFilter, Product } from '../../../../preload/contract';
import type { Screen } from '../../lib/screens';
import { AnySelect, named, useDifficultyChoices } from '../../components/AnySelect';
import { useSourceLabel } from '../../components/useSourceLabel';
import { api } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/queries';
import { useFocusOnContext } from '../../lib/useFocusOnContext';
import { BuildPackDialog } from '../packs/BuildPackDialog';
import { PackImportControls } from '../packs/PackImportControls';
import { QuestionDialog } from './QuestionDialog';
import { useQuestionPages } from './useQuestionPages';

const ROW_HEIGHT = 72;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function LibraryScreen({ onNavigate }: { onNavigate: (screen: Screen) => void }) {
  const sourceLabel = useSourceLabel();
  const { t, i18n } = useTranslation();
  // An import from the empty library refreshes this through main's catalog:changed.
  const facets = useBridgeQuery(api, 'catalog:facets', {}).data ?? null;
  const [product, setProduct] = useState<Product | ''>('');
  const [examId, setExamId] = useState('');
  const [year, setYear] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const [difficulty, setDifficulty] = useState<Difficulty | ''>('');
  const [source, setSource] = useState('');
  const [text, setText] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [building, setBuilding] = useState(false);
  const debouncedText = useDebounced(text, 150);
  const difficulties = useDifficultyChoices();

  const filter = useMemo<LibraryFilter>(
    () => ({
      ...(product && { product }),
      ...(examId && { examId }),
      ...(year && { year: Number(year) }),
      ...(subjectId && { subjectId }),
      ...(difficulty && { difficulty }),
      ...(source && { source }),
      ...(debouncedText.trim() && { text: debouncedText.trim() }),
    }),
    [product, examId, year, subjectId, difficulty, source, debouncedText],
  );
  const { total, rows, ensure } = useQuestionPages(filter, facets?.total ?? 0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  useEffect(() => {
    for (const item of items) ensure(item.index);
  }, [items, ensure]);

  const toggle = (id: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const selectAllFiltered = async () => {
    const page = await api['catalog:query']({ filter, offset: 0, limit: 500 });
    const all: string[] = page.items.map((item) => item.id);
    for (let offset = 500; offset < page.total; offset += 500) {
      all.push(...(await api['catalog:query']({ filter, offset, limit: 500 })).items.map((item) => item.id));
    }
    setSelected(new Set(all));
  };

  // Importing a pack from the empty library replaces it (and its button) with the list: focus goes to its start.
  const sectionRef = useRef<HTMLElement>(null);
  useFocusOnContext(facets === null ? '' : facets.total === 0 ? 'empty' : 'list', sectionRef);

  const clear = () => {
    setProduct('');
    setExamId('');
    setYear('');
    setSubjectId('');
    setDifficulty('');
    setSource('');
    setText('');
  };

  if (facets && facets.total === 0) {
    return (
      <section aria-labelledby="library-heading" data-testid="screen-library" ref={sectionRef}>
        <h2 id="library-heading">{t('library.heading')}</h2>
        <div className="empty" data-testid="library-empty">
          <p>{t('library.empty')}</p>
          <p>{t('library.emptyHint')}</p>
          <PackImportControls offerDemo />
          <button type="button" className="link" onClick={() => onNavigate('keys')} data-testid="empty-connect-key">
            {t('app.nav.keys')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="library-heading" data-testid="screen-library" className="library" ref={sectionRef}>
      <h2 id="library-heading">{t('library.heading')}</h2>
      <div className="filters" role="search">
        <label>
          {t('library.search')}
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} data-testid="filter-text" />
        </label>
        <label>
          {t('sync.product')}
          <AnySelect
            testId="filter-product"
            value={product}
            onChange={(v) => setProduct(v as Product | '')}
            options={(['enem', 'vestibulares'] as const).map((p) => ({ value: p, label: t(`products.${p}`) }))}
          />
        </label>
        <label>
          {t('sync.exam')}
          <AnySelect testId="filter-exam" feminine value={examId} onChange={setExamId} options={named(facets?.exams)} />
        </label>
        <label>
          {t('sync.year')}
          <AnySelect
            testId="filter-year"
            value={year}
            onChange={setYear}
            options={(facets?.years ?? []).map((y) => ({ value: String(y), label: String(y) }))}
          />
        </label>
        <label>
          {t('sync.subject')}
          <AnySelect
            testId="filter-subject"
            feminine
            value={subjectId}
            onChange={setSubjectId}
            options={named(facets?.subjects)}
          />
        </label>
        <label>
          {t('sync.difficulty')}
          <AnySelect
            testId="filter-difficulty"
            feminine
            value={difficulty}
            onChange={(v) => setDifficulty(v as Difficulty | '')}
            options={difficulties}
          />
        </label>
        <label>
          {t('library.source')}
          <AnySelect
            testId="filter-source"
            feminine
            value={source}
            onChange={setSource}
            options={(facets?.sources ?? []).map((s) => ({ value: s, label: sourceLabel(s) }))}
          />
        </label>
        <button type="button" className="secondary" onClick={clear} data-testid="filter-clear">
          {t('library.clear')}
        </button>
      </div>
      <div className="selection-bar">
        <button
          type="button"
          className="secondary"
          onClick={() => void selectAllFiltered()}
          data-testid="select-all-filtered"
        >
          {t('packs.selectAll')}
        </button>
        {selected.size > 0 && (
          <>
            <span data-testid="selection-count">{t('packs.selected', { count: selected.size })}</span>
            <button
              type="button"
              className="secondary"
              onClick={() => setSelected(new Set())}
              data-testid="clear-selection"
            >
              {t('packs.clearSelection')}
            </button>
          </>
        )}
        <button
          type="button"
          className="primary"
          disabled={!total}
          onClick={() => setBuilding(true)}
          data-testid="build-pack"
        >
          {t('packs.build.open')}
        </button>
      </div>
      <p className="muted" aria-live="polite" data-testid="library-count" data-count={total ?? ''}>
        {total === null ? t('app.loading') : t('library.count', { n: total.toLocaleString(i18n.language) })}
      </p>
      {total === 0 && <p data-testid="library-no-match">{t('library.noMatch')}</p>}
      <div
        ref={scrollRef}
        className="question-list"
        data-testid="question-list"
        tabIndex={0}
        // A named region, reached by Tab and scrolled by keys: a bare div may not carry a name, which
        // axe flagged while the list was still empty (the first rows not yet read on a busy machine).
        role="region"
        aria-label={t('library.heading')}
      >
        <ul style={{ height: virtualizer.getTotalSize() }} className="question-list-inner">
          {items.map((item) => {
            const row = rows.get(item.index);
            return (
              <li
                key={item.key}
                className="question-row selectable"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                data-testid="question-row"
                data-question-id={row?.id}
              >
                {row && (
                  <input
                    type="checkbox"
                    className="row-select"
                    checked={selected.has(row.id)}
                    onChange={() => toggle(row.id)}
                    aria-label={`${t('packs.select')}: ${row.excerpt}`}
                    data-testid="row-select"
                  />
                )}
                {row ? (
                  <button
                    type="button"
                    className="row-button"
                    onClick={() => setOpen(row.id)}
                    aria-label={`${t('library.open')}: ${row.excerpt}`}
                    data-testid="row-open"
                  >
                    <span className="row-meta">
                      {/* An exam, year or difficulty the server did not send, or sent unreadable, shows as — (docs/sync.md). */}
                      {[
                        row.exam ?? '—',
                        row.year ?? '—',
                        row.subject,
                        row.difficulty ? t(`difficulty.${row.difficulty}`) : '—',
                      ].join(' · ')}
                    </span>
                    <span className="row-excerpt">{row.excerpt}</span>
                  </button>
                ) : (
                  <span className="row-loading">{t('app.loading')}</span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      {open && <QuestionDialog id={open} onClose={() => setOpen(null)} />}
      {building && (
        <BuildPackDialog
          filter={filter}
          ids={selected.size > 0 ? [...selected] : null}
          count={total ?? 0}
          onClose={() => setBuilding(false)}
        />
      )}
    </section>
  );
}
