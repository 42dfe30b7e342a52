import { useCallback, useState } from 'react';
import type { BridgeErrorValue, PackImportResult } from '../../../../preload/contract';
import { api, errorOf } from '../../lib/bridge';

/** Import from a File (picker or drop), the demo pack, or an OS request; one state for all. */
export function usePackImport(onImported?: (result: PackImportResult) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const [result, setResult] = useState<PackImportResult | null>(null);

  const run = useCallback(
    async (work: () => Promise<PackImportResult>) => {
      setBusy(true);
      setError(null);
      setResult(null);
      try {
        const imported = await work();
        setResult(imported);
        onImported?.(imported);
      } catch (caught) {
        setError(errorOf(caught));
      } finally {
        setBusy(false);
      }
    },
    [onImported],
  );

  return {
    busy,
    error,
    result,
    importFile: (file: File) =>
      run(async () => api['packs:import']({ data: new Uint8Array(await file.arrayBuffer()) })),
    importDemo: () => run(() => api['packs:import-demo']({})),
    importPending: (token: string) => run(() => api['packs:import-pending']({ token })),
  };
}
