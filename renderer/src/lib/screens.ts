// The app's screens, in the sidebar's order: a leaf module, so screens that navigate import it
// without importing App.tsx (which imports them).
export const SCREENS = [
  'library',
  'exams',
  'notebook',
  'history',
  'paper',
  'sync',
  'packs',
  'class',
  'keys',
  'settings',
] as const;
export type Screen = (typeof SCREENS)[number];
