import { describe, expect, it } from 'vitest';
import { warningText } from '../../../../main/core/exams/warning-text.js';
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
    expect(reminderText('pt-BR', 1).body).toBe('1 questão do caderno de erros espera por você.');
    expect(reminderText('en', 1).body).toBe('1 question of your error notebook is waiting.');
  });
});

describe('an exam’s time warning as a system notification', () => {
  it('says the minutes left in the student’s language, one minute in the singular', () => {
    expect(warningText('pt-BR', 30)).toEqual({ title: 'Simulado em andamento', body: 'Faltam 30 minutos.' });
    expect(warningText('pt-BR', 1).body).toBe('Falta 1 minuto.');
    expect(warningText('en', 5)).toEqual({ title: 'Mock exam running', body: '5 minutes left.' });
    expect(warningText('en', 1).body).toBe('1 minute left.');
  });
});
