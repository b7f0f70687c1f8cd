import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readStored, writeStored } from '../../../components/safe-storage';
import { config } from '../../../lib/config';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { ACCESS_QUERY, decideAccess } from '../utils/access-pass';

export type EarnAccess = 'checking' | 'open' | 'granted' | 'denied';

function forgetStoredCode() {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.earnAccessCode);
  } catch {
    // storage unavailable: nothing was stored
  }
}

/**
 * Whether the earn dashboard opens for this visitor (utils/access-pass.ts). A pass that came in
 * the query is stored and taken out of the address (so it is not shared with a copied link).
 */
export function useEarnAccess(): EarnAccess {
  const passHash = config.earnAccessPassHash;
  const [searchParams, setSearchParams] = useSearchParams();
  const queryCode = searchParams.get(ACCESS_QUERY);
  const [access, setAccess] = useState<EarnAccess>(passHash ? 'checking' : 'open');

  useEffect(() => {
    let current = true;
    void decideAccess({
      passHash,
      queryCode,
      storedCode: readStored(STORAGE_KEYS.earnAccessCode),
    }).then((decision) => {
      if (!current) return;
      if (decision.access === 'granted' && decision.remember !== null)
        writeStored(STORAGE_KEYS.earnAccessCode, decision.remember);
      if (decision.access === 'denied' && decision.forget) forgetStoredCode();
      setAccess(decision.access);
      if (decision.access === 'granted' && queryCode !== null) {
        setSearchParams(
          (params) => {
            const next = new URLSearchParams(params);
            next.delete(ACCESS_QUERY);
            return next;
          },
          { replace: true },
        );
      }
    });
    return () => {
      current = false;
    };
    // setSearchParams changes identity with the location; the decision depends on the code only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [passHash, queryCode]);

  return access;
}
