// What the system notification of an exam's time warning says, in the student's language (main
// has no i18next; the screens say the same through their own messages).

export function warningText(language: 'pt-BR' | 'en', minutesLeft: number): { title: string; body: string } {
  if (language === 'en') {
    return {
      title: 'Mock exam running',
      body: minutesLeft === 1 ? '1 minute left.' : `${minutesLeft} minutes left.`,
    };
  }
  return {
    title: 'Simulado em andamento',
    body: minutesLeft === 1 ? 'Falta 1 minuto.' : `Faltam ${minutesLeft} minutos.`,
  };
}
