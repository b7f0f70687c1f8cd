import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAdvertisements } from '../../../services/advertisements';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import type { BinfiVariant } from '../../../shared/api/binfi';
import { binfiAdvertisement } from '../utils/ads';
import styles from './binfi.module.css';

/**
 * The advertisement on the BinFi dashboards: the content service's running ads (the landing
 * popup's call and cache entry) that lead to a BinFi page, the variant's own first, as a banner
 * image linking to its page. Nothing while loading, on an error or without one.
 */
export function BinfiAdvertisement({ variant }: { variant: BinfiVariant }) {
  const { t } = useTranslation('binfi');
  const query = useQuery({
    queryKey: queryKeys.common.advertisements(),
    queryFn: ({ signal }) => getAdvertisements(signal),
    ...cachePresets.standard,
  });
  const ad = query.data ? binfiAdvertisement(query.data, variant, Date.now()) : undefined;
  if (!ad?.imageAppURL) return null;
  return (
    <Link to={ad.openUrl} className={styles.ad} data-testid="binfi-advertisement" data-ad={ad.id}>
      <img
        src={ad.imageAppURL}
        alt={t('ad.alt')}
        width={1200}
        height={300}
        loading="lazy"
        className={styles.adImage}
      />
    </Link>
  );
}
