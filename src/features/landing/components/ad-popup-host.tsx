import { useQuery } from '@tanstack/react-query';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { getEarnProducts } from '../../../services/earn';
import { hasToken } from '../../../services/session';
import type { Advertisement } from '../../../services/advertisements';
import { adProducts } from '../utils/ad-products';
import { AdPopup, type AdProduct } from './ad-popup';

/**
 * The popup's lazy chunk: reads the earn catalog (the same request and cache as the landing's
 * product cards) for the 3-month Stable Income and 6-month Mixed Quant products, then shows the
 * popup. While the catalog loads nothing shows; without an image and without products the
 * popup has nothing to say and stays closed.
 */
export function AdPopupHost({
  ad,
  productHref,
  onClose,
  onHideToday,
}: {
  ad: Advertisement;
  productHref: (product: AdProduct) => string;
  onClose: () => void;
  onHideToday: () => void;
}) {
  const asMember = hasToken();
  const catalog = useQuery({
    queryKey: asMember ? queryKeys.member.earnCatalog() : queryKeys.products.earnCatalog(),
    queryFn: () => getEarnProducts({ asMember }),
    ...cachePresets.standard,
  });
  if (catalog.isPending) return null;
  const products = adProducts(catalog.data?.list ?? []);
  if (products.length === 0 && !ad.imageAppURL) return null;
  return (
    <AdPopup
      ad={ad}
      products={products}
      productHref={productHref}
      onClose={onClose}
      onHideToday={onHideToday}
    />
  );
}

export default AdPopupHost;
