// One bridge call driven by a button: busy while it runs, its error shown until the next success.
import { useCallback, useState } from 'react';
import type { BridgeErrorValue } from '../../../preload/contract';
import { errorOf } from './bridge';

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  /** Runs the call; its value, or null when it failed (the error is then in `error`). */
  const run = useCallback(async <T>(work: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    try {
      const value = await work();
      setError(null);
      return value;
    } catch (caught) {
      setError(errorOf(caught));
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
