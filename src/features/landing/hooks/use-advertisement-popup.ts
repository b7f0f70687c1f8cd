import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { KeyValueStorage } from '../../../lib/browser-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { getAdvertisements } from '../../../services/advertisements';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { adPopupDue, nextLocalMidnight, webAdvertisement } from '../utils/ad-schedule';

/**
 * Whether the landing shows the advertisement popup now, and its ad (utils/ad-schedule.ts has
 * the rules). The Advertisement call is made only when the popup is due and not during
 * onboarding; a failed call shows nothing. Closing hides it for this visit; Hide today stores
 * `ad-next-time` (the next local midnight).
 */
export function useAdvertisementPopup({
  storage,
  onboarding,
  now = Date.now,
}: {
  storage: KeyValueStorage;
  onboarding: boolean;
  now?: () => number;
}) {
  const [due] = useState(() => adPopupDue(storage.getItem(STORAGE_KEYS.adNextTime), now()));
  const [closed, setClosed] = useState(false);
  const query = useQuery({
    queryKey: queryKeys.common.advertisements(),
    queryFn: ({ signal }) => getAdvertisements(signal),
    ...cachePresets.standard,
    enabled: due && !onboarding,
  });
  const ad = query.data ? webAdvertisement(query.data, now()) : undefined;
  return {
    ad: due && !onboarding && !closed ? ad : undefined,
    close: () => setClosed(true),
    hideToday: () => {
      try {
        storage.setItem(STORAGE_KEYS.adNextTime, String(nextLocalMidnight(now())));
      } finally {
        setClosed(true);
      }
    },
  };
}
