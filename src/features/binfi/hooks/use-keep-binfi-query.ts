import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { keptQuery } from '../utils/keep-query';

/**
 * Every BinFi page calls this: entered without a query it takes the previous BinFi page's
 * (replacing the address, state kept); with a query it remembers it (utils/keep-query.ts).
 */
export function useKeepBinfiQuery(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const search = keptQuery(location.search);
    if (search !== null) {
      void navigate(
        { pathname: location.pathname, search, hash: location.hash },
        { replace: true, state: location.state as unknown },
      );
    }
  }, [location.pathname, location.search, location.hash, location.state, navigate]);
}
