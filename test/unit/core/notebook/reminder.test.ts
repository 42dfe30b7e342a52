import { describe, expect, it } from 'vitest';
import { reminderText, shouldRemind } from '../../../../main/core/notebook/reminder.js';

describe('the daily reminder', () => {
  const base = { enabled: true, dueToday: 3, today: '2027-03-10', lastReminded: '2027-03-09', hour: 10 };
  it('reminds once a day, only when turned on, when something is due, and not at night', () => {
    expect(shouldRemind(base)).toBe(true);
    expect(shouldRemind({ ...base, lastReminded: '2027-03-10' })).toBe(false);
    expect(shouldRemind({ ...base, enabled: false })).toBe(false);
    expect(shouldRemind({ ...base, dueToday: 0 })).toBe(false);
    expect(shouldRemind({ ...base, hour: 6 })).toBe(false);
    expect(shouldRemind({ ...base, lastReminded: null })).toBe(true);
  });
  it('speaks the student’s language', () => {
    expect(reminderText('pt-BR', 4).body).toContain('4 questões do caderno de erros');
    expect(reminderText('en', 4).body).toContain('4 questions of your error notebook');
  });
});
