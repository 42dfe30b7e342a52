// What an exam's choices find in the library: how many questions match (and how many the student
// has not seen), and for the national exam's format each area block's count against what it needs.
import { useTranslation } from 'react-i18next';
import type { ExamCount } from '../../../../preload/contract';

export function ExamComposition({ matching }: { matching: ExamCount }) {
  const { t } = useTranslation();
  const shortBlocks = matching.blocks.filter((b) => b.available < b.needed);
  return (
    <>
      <p className="muted" data-testid="exam-matching" data-matching={matching.matching}>
        {t('exams.matching', { matching: matching.matching, unseen: matching.unseen })}
      </p>
      {matching.blocks.length > 0 && (
        <div data-testid="exam-composition">
          <p>{t('exams.composition')}</p>
          <ul>
            {matching.blocks.map((block) => (
              <li
                key={block.key}
                data-testid="exam-block"
                data-block={block.key}
                data-short={block.available < block.needed}
                className={block.available < block.needed ? 'short' : undefined}
              >
                {t('exams.blockLine', {
                  label: t(`exams.block.${block.key}`),
                  available: Math.min(block.available, block.needed),
                  needed: block.needed,
                })}
              </li>
            ))}
          </ul>
          {shortBlocks.length > 0 && (
            <p className="notice notice-warning" role="status" data-testid="exam-short">
              {t('exams.short')}
            </p>
          )}
        </div>
      )}
    </>
  );
}
