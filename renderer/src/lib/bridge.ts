// The renderer's only door to main: window.examApp, typed by the preload contract.
import { readBridgeError, type BridgeErrorValue, type ExamAppApi } from '../../../preload/contract';

export const api: ExamAppApi = window.examApp;

export function errorOf(error: unknown): BridgeErrorValue {
  return readBridgeError(error);
}
