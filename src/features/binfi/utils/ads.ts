import type { Advertisement } from '../../../services/advertisements';
import type { BinfiVariant } from '../../../shared/api/binfi';

/** An app path of a BinFi page: /bin-fi..., the Galaxy ones /bin-fi-galaxy... */
const BINFI_PATH = /^\/bin-fi(-galaxy)?(\/|\?|$)/;

/**
 * The advertisement a BinFi dashboard shows: among the running web ads (the content service's,
 * already in sortOrder) with an image, those leading to a BinFi page; the variant's own first
 * (a Galaxy ad on BinFi Galaxy), else any BinFi one; an ad past its end is left out.
 */
export function binfiAdvertisement(
  ads: readonly Advertisement[],
  variant: BinfiVariant,
  now: number,
): Advertisement | undefined {
  const binfi = ads.filter((ad) => {
    if (!ad.isWeb || !ad.imageAppURL) return false;
    if (ad.endsAt !== null && Date.parse(ad.endsAt) < now) return false;
    return BINFI_PATH.test(ad.openUrl);
  });
  const own = binfi.find(
    (ad) => (BINFI_PATH.exec(ad.openUrl)?.[1] === '-galaxy') === (variant === 'galaxy'),
  );
  return own ?? binfi[0];
}
