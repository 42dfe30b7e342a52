import { useTranslation } from 'react-i18next';
import type { ExplanationView } from '../../../preload/contract';
import { ScaledImage } from './ScaledImage';

/** A worked solution: its text and its figure (shown only where the key may be seen). */
export function ExplanationBlock({ explanation, testId }: { explanation: ExplanationView; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="explanation" data-testid={testId}>
      <h4>{t('library.explanation')}</h4>
      {explanation.text && <p className="statement">{explanation.text}</p>}
      {explanation.image && explanation.image !== 'missing' && (
        <ScaledImage
          className="review-image"
          src={explanation.image}
          alt={t('library.explanationFigure')}
          data-testid={`${testId}-image`}
        />
      )}
    </div>
  );
}
