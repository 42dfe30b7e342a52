import type { ExamAppApi } from './contract';

declare global {
  interface Window {
    examApp: ExamAppApi;
  }
}
