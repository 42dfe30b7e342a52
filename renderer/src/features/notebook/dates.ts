/** 'YYYY-MM-DD' (a local day, as main sends it) in the student's language, without a time zone shift. */
export function formatDay(date: string, language: string, options: Intl.DateTimeFormatOptions = {}): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString(language, { day: '2-digit', month: '2-digit', ...options });
}
