// The daily reminder of the notebook's reviews: whether to show it now. Pure; the Electron shell
// asks every few minutes and shows a system notification when this says so.

/** Not before this hour (local): a reminder at 00:05 would be read by no one. */
export const REMINDER_FROM_HOUR = 8;

export interface ReminderInputs {
  /** The student turned reminders on (Settings; off by default). */
  enabled: boolean;
  dueToday: number;
  /** Today, 'YYYY-MM-DD' local. */
  today: string;
  /** The day the last reminder was shown (kept with the notebook), null when never. */
  lastReminded: string | null;
  /** The local hour now, 0–23. */
  hour: number;
}

export function shouldRemind({ enabled, dueToday, today, lastReminded, hour }: ReminderInputs): boolean {
  return enabled && dueToday > 0 && lastReminded !== today && hour >= REMINDER_FROM_HOUR;
}

/** What the notification says, in the student's language (main has no i18next). */
export function reminderText(language: 'pt-BR' | 'en', count: number): { title: string; body: string } {
  if (language === 'en') {
    return {
      title: 'Today’s reviews',
      body:
        count === 1
          ? '1 question of your error notebook is waiting.'
          : `${count} questions of your error notebook are waiting.`,
    };
  }
  return {
    title: 'Revisões de hoje',
    body:
      count === 1
        ? '1 questão do caderno de erros espera por você.'
        : `${count} questões do caderno de erros esperam por você.`,
  };
}
