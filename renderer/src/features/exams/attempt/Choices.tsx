// The alternatives of the question shown: choose one, strike one through, open its figure; once a
// practice answer is checked, which was right and which was chosen wrong.
import { useTranslation } from 'react-i18next';
import { ScaledImage } from '../../../components/ScaledImage';
import { useAttempt } from './hooks';

export interface ChoicesProps {
  onChoose: (index: number) => void;
  onStrike: (index: number) => void;
  onView: (figure: { src: string; alt: string }) => void;
}

export function Choices({ onChoose, onStrike, onView }: ChoicesProps) {
  const { t } = useTranslation();
  const { exam } = useAttempt();
  const { current } = exam;
  const question = exam.questions[current];
  const fb = exam.feedback[current];
  if (!question) return null;
  return (
    <ol className="choices" data-testid="exam-choices">
      {question.alternatives.map((alternative, index) => {
        const chosen = exam.answers[current] === index;
        const struck = (exam.eliminated[current] ?? []).includes(index);
        const verdict = fb ? (index === fb.correctChoice ? 'right' : chosen ? 'wrong' : '') : '';
        const figure = alternative.image && alternative.image !== 'missing' ? alternative.image : null;
        const figureAlt = t('results.alternativeFigureAlt', { letter: alternative.letter });
        return (
          <li key={alternative.letter} className="choice-row">
            <button
              type="button"
              className={`choice${chosen ? ' chosen' : ''}${struck ? ' struck' : ''}${verdict ? ` ${verdict}` : ''}`}
              aria-pressed={chosen}
              onClick={() => onChoose(index)}
              data-testid={`exam-choice-${alternative.letter}`}
            >
              <span className="letter">{alternative.letter}</span>
              <span className="choice-text">{alternative.text}</span>
              {figure && <ScaledImage className="choice-image" src={figure} alt="" />}
            </button>
            {figure && (
              <button
                type="button"
                className="strike"
                aria-label={`${t('viewer.open')}: ${figureAlt}`}
                onClick={() => onView({ src: figure, alt: figureAlt })}
                data-testid={`exam-image-${alternative.letter}`}
              >
                <Magnifier />
              </button>
            )}
            <button
              type="button"
              className="strike"
              aria-pressed={struck}
              aria-label={
                struck
                  ? t('exams.restore', { letter: alternative.letter })
                  : t('exams.eliminate', { letter: alternative.letter })
              }
              onClick={() => onStrike(index)}
              data-testid={`exam-strike-${alternative.letter}`}
            >
              ✕
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** An SVG magnifier: the emoji showed as an empty box where no emoji font is installed. */
function Magnifier() {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true">
      <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <line x1="10" y1="10" x2="14.5" y2="14.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
