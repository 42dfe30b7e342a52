// The exam-date field: typed and shown in the student's language's order, the same as every date
// beside it (the browser's own date input followed the OS: 11/07/2027 beside "07/11/2027").
import { describe, expect, it } from 'vitest';
import { dayInputPattern, dayInputText, parseDayInput } from '../../../renderer/src/features/notebook/dates';

describe('the exam-date field', () => {
  it('reads and shows dd/mm/aaaa in Portuguese, mm/dd/yyyy in English, and always takes ISO', () => {
    expect(dayInputText('2027-11-07', 'pt-BR')).toBe('07/11/2027');
    expect(parseDayInput('07/11/2027', 'pt-BR')).toBe('2027-11-07');
    expect(parseDayInput(' 7/11/2027 ', 'pt-BR')).toBe('2027-11-07');
    expect(parseDayInput('07/11/2027', 'en')).toBe('2027-07-11');
    expect(dayInputText('2027-11-07', 'en')).toBe('11/07/2027');
    expect(parseDayInput('2027-11-07', 'pt-BR')).toBe('2027-11-07');
    expect(dayInputPattern('pt-BR', { day: 'd', month: 'm', year: 'a' })).toBe('dd/mm/aaaa');
  });

  it('refuses what is not a real day', () => {
    for (const text of ['31/02/2027', '07/13/2027', '7/11', 'amanhã', '07/11/1999', '2027-02-30'])
      expect(parseDayInput(text, 'pt-BR'), text).toBeNull();
  });
});
