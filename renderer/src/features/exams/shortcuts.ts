// Every keyboard shortcut of the exam screen, in the order the help lists them (i18n: exams.shortcuts.*).
// A test checks the help names each one the messages describe.
export const SHORTCUTS = ['answer', 'strike', 'move', 'flag', 'guess', 'submit', 'rate', 'undo', 'help'] as const;
