// The class report's TRI section: the class's own calibration (what it is and is not, the items
// that do not fit, where the test measures well) and, when the tutor gave an earlier report's
// scale, this class on it (its growth, or why it cannot be told).
import { useTranslation } from 'react-i18next';
import type { ClassReportView } from '../../../../preload/contract';
import { BarChart } from '../../components/BarChart';
import { formatDecimal } from '../../lib/format';

/** Figures as the student's language writes them (data attributes keep the machine's dot). */
export function useFixed() {
  const { i18n } = useTranslation();
  return (value: number | null, digits = 2) => formatDecimal(value, digits, i18n.language);
}

/** A TRI score with its 95 % band (±1.96 standard errors). */
export const band = (p: { score: number; se: number } | undefined) =>
  p
    ? { score: p.score.toFixed(0), low: (p.score - 1.96 * p.se).toFixed(0), high: (p.score + 1.96 * p.se).toFixed(0) }
    : { score: '–', low: '–', high: '–' };

type LinkView = Extract<ClassReportView['tri'], { status: 'ok' }>['link'];

/** This class on the earlier report's scale: its mean then and now, and whether the change is more than the error. */
function TriLinkNotice({ link }: { link: NonNullable<LinkView> }) {
  const { t, i18n } = useTranslation();
  if (link.status === 'refused')
    return (
      <p className="notice notice-warning" data-testid="class-tri-link" data-status="refused" data-reason={link.reason}>
        {link.reason === 'unreadable'
          ? t('class.tri.link.unreadable')
          : t('class.tri.link.tooFewCommon', { common: link.common, needed: link.needed })}
      </p>
    );
  const low = link.growth - 1.96 * link.growthSe;
  const high = link.growth + 1.96 * link.growthSe;
  const verdict = low > 0 ? 'grew' : high < 0 ? 'fell' : 'unclear';
  const date = new Date(link.earlier.sittingAt).toLocaleDateString(i18n.language);
  return (
    <div
      className="notice notice-info"
      data-testid="class-tri-link"
      data-status="ok"
      data-growth={link.growth.toFixed(0)}
      data-low={low.toFixed(0)}
      data-high={high.toFixed(0)}
      data-verdict={verdict}
    >
      <p>
        {t('class.tri.link.summary', {
          title: link.earlier.title,
          date,
          common: link.common,
          then: link.earlier.score.toFixed(0),
          now: link.score.toFixed(0),
        })}
      </p>
      <p>
        <strong>
          {t(`class.tri.link.${verdict}`, {
            growth: Math.abs(link.growth).toFixed(0),
            low: low.toFixed(0),
            high: high.toFixed(0),
          })}
        </strong>
      </p>
    </div>
  );
}

/** The class's own TRI: what it is (and is not), the items that do not fit, and where the test measures well. */
export function TriSection({ report }: { report: ClassReportView }) {
  const { t } = useTranslation();
  const fixed = useFixed();
  const { tri } = report;
  if (tri.status === 'refused')
    return (
      <p className="notice notice-info" data-testid="class-tri" data-status="refused">
        {t(`class.tri.refused.${tri.reason}`, { needed: tri.needed, have: tri.have })}
      </p>
    );
  // Noisier than chance allows at this class's size (irt.ts decides it); and, echoed, the items the
  // classical analysis finds the upper group choosing a distractor over the key.
  const misfits = tri.items.flatMap((item, i) =>
    item?.misfit === 'under' ? [`${i + 1} (infit ${fixed(item.infit)}, outfit ${fixed(item.outfit)})`] : [],
  );
  const miskeyed = report.items.flatMap((item, i) =>
    item.flags.includes('miskeyed') && tri.items[i]?.misfit !== 'under' ? [String(i + 1)] : [],
  );
  const peak = Math.max(...tri.information.map((p) => p.information), 0);
  return (
    <div data-testid="class-tri" data-status="ok" data-model={tri.model}>
      <h4>{t('class.tri.heading')}</h4>
      <p className="muted">
        {t('class.tri.about', {
          model: t(`class.tri.models.${tri.model}`),
          students: report.students.length,
          twoPl: tri.thresholds.twoPl,
          threePl: tri.thresholds.threePl,
          sd: tri.scoreSd.toFixed(0),
        })}
      </p>
      {tri.partial > 0 && (
        <p className="notice notice-info" data-testid="class-tri-partial" data-count={tri.partial}>
          {t('class.tri.partial', { count: tri.partial })}
        </p>
      )}
      {!tri.converged && <p className="notice notice-warning">{t('class.tri.notConverged')}</p>}
      {tri.link && <TriLinkNotice link={tri.link} />}
      <p data-testid="class-tri-misfits" data-count={misfits.length} data-miskeyed={miskeyed.length}>
        {misfits.length === 0 && miskeyed.length === 0 && t('class.tri.allFit')}
        {misfits.length > 0 && t('class.tri.misfits', { list: misfits.join(', ') })}
        {misfits.length > 0 && miskeyed.length > 0 && ' '}
        {miskeyed.length > 0 && t('class.tri.miskeyed', { list: miskeyed.join(', ') })}
      </p>
      <BarChart
        title={t('class.tri.information')}
        testId="class-tri-information"
        bars={tri.information
          .filter((p) => p.theta >= -3 && p.theta <= 3)
          .map((p) => ({
            label: String(Math.round(500 + 100 * p.theta)),
            value: p.information,
            max: peak,
            caption: t('class.tri.informationRow', {
              information: fixed(p.information, 1),
              se: p.information > 0 ? (100 / Math.sqrt(p.information)).toFixed(0) : '–',
            }),
          }))}
      />
    </div>
  );
}
