// A refused page in a line a tutor can act on at a terminal: the cause and what to do, as the app
// says it (in English here: the CLI's language), a missing corner named with whether it is out of the
// picture or in it but unseen.
import { cornersByCause, type ScanRefusal } from '../../preload/contract.js';

const SAY: Record<Exclude<ScanRefusal['reason'], 'corner-missing'>, (detail: string) => string> = {
  'no-sheet': () => 'no answer sheet found: the four corner squares must show',
  'upside-down': () => 'upside down: turn it and scan again',
  sideways: () => 'sideways: scan it upright',
  'unreadable-code': () => 'the QR code could not be read: scan it sharper, or type this sheet in the app',
  'codes-disagree': () =>
    'its QR code and the copy below it name different sheets (a code pasted or stuck on?): check the sheet and type it in the app',
  misregistered: () =>
    'its corner squares and bubbles do not line up (a sharp fold, a curled sheet, a shadow or a crop?): flatten it under a book and scan it again (a scanner reads better than a photo), or type it in the app',
  'other-exam': (detail) => `a sheet of another exam (${detail})`,
  duplicate: (detail) => `sheet ${detail} was read already: this copy is left out`,
  'missing-page': () => 'a page of this sheet is missing',
  'too-large': (detail) => `too large to read safely (${detail})`,
  'too-many-pages': (detail) => `a PDF with too many pages (${detail})`,
  'not-an-image': () => 'not a PDF, JPEG or PNG',
  unreadable: () => 'the file is damaged',
  'too-slow': (detail) => `the page took too long to read and was refused (${detail})`,
};

function listed(names: string[]): string {
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(names);
}

/** `bottom-left:covered,top-right:outside` in words, with what to do about each kind. */
function cornersSaid(detail: string): string {
  const { outside, covered } = cornersByCause(detail);
  const parts: string[] = [];
  if (outside.length > 0) parts.push(`${listed(outside)} outside the photo: frame the whole sheet`);
  if (covered.length > 0)
    parts.push(`${listed(covered)} in the photo but not seen (covered, folded or torn): uncover and unfold it`);
  const what = parts.length > 0 ? parts.join('; ') : `${detail} not found`;
  return `the QR code was read, but a corner square is missing: ${what}; then take the photo again, or type this sheet in the app`;
}

export function refusalLine(refusal: ScanRefusal): string {
  const said = refusal.reason === 'corner-missing' ? cornersSaid(refusal.detail) : SAY[refusal.reason](refusal.detail);
  return `refused ${refusal.source}: ${said} [${refusal.reason}]`;
}
