import { useEffect, useState } from 'react';

/**
 * A local address for a file not uploaded yet, to preview it; released when the file or the component goes.
 * (Kept in an effect, not a memo: StrictMode's extra cleanup would release a memoized one still in use.)
 */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const created = URL.createObjectURL(file);
    // The address is an outside resource made for this file: it is created, shown and revoked with the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [file]);
  return url;
}
