// The grid of the exam's questions: where each stands (answered, flagged, a guess, checked), in
// labelled area blocks when the exam is in the national exam's format.
import { useTranslation } from 'react-i18next';
import type { AreaId, ExamState } from '../../../../../preload/contract';
import { useAttempt } from './hooks';

export function AnswerGrid({ onGo }: { onGo: (index: number) => void }) {
  const { t } = useTranslation();
  const { exam } = useAttempt();
  const { answers, flags, guessed, feedback, current, repeats } = exam;
  return (
    <nav className="exam-grid" aria-label={t('exams.navigation')} data-testid="exam-grid">
      {groupsOf(exam).map((group) => (
        <div key={group.start} className="grid-group" data-testid="exam-grid-group" data-area={group.area ?? ''}>
          {group.area && <h4 className="grid-label">{t(`exams.area.${group.area}`)}</h4>}
          <div className="grid-cells">
            {group.indexes.map((index) => {
              const verdict = feedback[index] ? (feedback[index]?.correct ? 'right' : 'wrong') : '';
              const status = [
                answers[index] !== null ? t('exams.answered') : t('exams.unanswered'),
                flags[index] ? t('exams.flagged') : '',
                guessed[index] ? t('exams.guessedMark') : '',
                verdict ? t(`exams.${verdict}`) : '',
                index === current ? t('exams.current') : '',
              ]
                .filter(Boolean)
                .join(', ');
              return (
                <button
                  key={index}
                  type="button"
                  className={`grid-cell${answers[index] !== null ? ' answered' : ''}${flags[index] ? ' flagged' : ''}${index === current ? ' current' : ''}${verdict ? ` ${verdict}` : ''}`}
                  aria-current={index === current ? 'step' : undefined}
                  aria-label={`${t('exams.gridItem', { n: index + 1 })}: ${status}`}
                  onClick={() => onGo(index)}
                  data-testid={`exam-grid-${index + 1}`}
                  data-answered={answers[index] !== null}
                  data-flagged={flags[index]}
                  data-guessed={guessed[index]}
                  data-repeat={repeats[index]}
                  data-verdict={verdict || undefined}
                >
                  {index + 1}
                  {flags[index] && (
                    <span className="flag-icon" aria-hidden="true">
                      ⚑
                    </span>
                  )}
                  {guessed[index] && (
                    <span className="guess-icon" aria-hidden="true">
                      ?
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        </div>
      ))}
      <GridLegend practice={exam.mode === 'practice'} />
    </nav>
  );
}

function GridLegend({ practice }: { practice: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="grid-legend" data-testid="exam-grid-legend">
      <li>
        <span className="grid-cell answered" aria-hidden="true" /> {t('exams.answered')}
      </li>
      <li>
        <span className="grid-cell" aria-hidden="true" /> {t('exams.unanswered')}
      </li>
      <li>
        <span className="flag-icon" aria-hidden="true">
          ⚑
        </span>{' '}
        {t('exams.flagged')}
      </li>
      <li>
        <span className="guess-icon" aria-hidden="true">
          ?
        </span>{' '}
        {t('exams.guessedMark')}
      </li>
      {practice && (
        <>
          <li>
            <span className="grid-cell right" aria-hidden="true" /> {t('exams.right')}
          </li>
          <li>
            <span className="grid-cell wrong" aria-hidden="true" /> {t('exams.wrong')}
          </li>
        </>
      )}
    </ul>
  );
}

type GridGroup = { start: number; area: AreaId | null; indexes: number[] };

/**
 * The grid's labelled groups: an exam in area blocks (the national exam's format) shows one group
 * per area; a mixed exam, whose areas alternate, one unlabelled group.
 */
export function groupsOf(state: Pick<ExamState, 'questions'>): GridGroup[] {
  const groups: GridGroup[] = [];
  state.questions.forEach((question, index) => {
    const last = groups.at(-1);
    if (last && last.area === question.area) last.indexes.push(index);
    else groups.push({ start: index, area: question.area, indexes: [index] });
  });
  const areas = new Set(groups.map((g) => g.area));
  if (groups.length === areas.size) return groups;
  return [{ start: 0, area: null, indexes: state.questions.map((_, i) => i) }];
}
