/** 'YYYY-MM-DD' (a local day, as main sends it) in the student's language, without a time zone shift. */
export function formatDay(date: string, language: string, options: Intl.DateTimeFormatOptions = {}): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString(language, { day: '2-digit', month: '2-digit', ...options });
}

/** The order the student's language writes a date's parts in (pt-BR: day, month, year). */
function partOrder(language: string): ('day' | 'month' | 'year')[] {
  return new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(2027, 10, 7))
    .flatMap((part) => (part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : []));
}

/** How the date field shows a day: the same order as every date beside it (never the OS's own order). */
export function dayInputText(date: string, language: string): string {
  return date ? formatDay(date, language, { year: 'numeric' }) : '';
}

/** The date field's hint ('dd/mm/aaaa' in pt-BR). */
export function dayInputPattern(language: string, letters: { day: string; month: string; year: string }): string {
  return partOrder(language)
    .map((part) => (part === 'year' ? letters.year.repeat(4) : letters[part].repeat(2)))
    .join('/');
}

/** What the student typed → 'YYYY-MM-DD', in their language's order (or ISO); null when not a real day. */
export function parseDayInput(text: string, language: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const numbers = iso ? null : trimmed.split(/[/.\-\s]+/).map(Number);
  let y: number, m: number, d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else {
    if (!numbers || numbers.length !== 3 || numbers.some((n) => !Number.isInteger(n))) return null;
    const order = partOrder(language);
    const at = (part: 'day' | 'month' | 'year') => numbers[order.indexOf(part)] ?? NaN;
    [y, m, d] = [at('year'), at('month'), at('day')];
  }
  const day = new Date(y, m - 1, d);
  if (y < 2000 || y > 2100 || day.getFullYear() !== y || day.getMonth() !== m - 1 || day.getDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
