import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavMenu } from './nav-items';

/** Where each nav entry leads. Leave a target out until its screen exists: it shows disabled. */
export interface NavMenuTargets {
  aboutUs?: string;
  stableIncome?: string;
  mixedQuant?: string;
  smartAutotrade?: string;
  lendingBot?: string;
  binfi?: string;
  binfiGalaxy?: string;
}

/**
 * The spec's bar entries (About Us, the service submenu, the BinFi submenu) with translated
 * labels. Pass the result to NavBar's `menus`.
 */
export function useNavMenus(targets: NavMenuTargets = {}): NavMenu[] {
  const { t } = useTranslation('nav');
  const { aboutUs, stableIncome, mixedQuant, smartAutotrade, lendingBot, binfi, binfiGalaxy } =
    targets;
  return useMemo(
    () => [
      { id: 'about-us', label: t('menu.aboutUs'), href: aboutUs },
      {
        id: 'services',
        label: t('menu.services'),
        items: [
          { id: 'stable-income', label: t('menu.stableIncome'), href: stableIncome },
          { id: 'mixed-quant', label: t('menu.mixedQuant'), href: mixedQuant },
          { id: 'smart-autotrade', label: t('menu.smartAutotrade'), href: smartAutotrade },
          { id: 'lending-bot', label: t('menu.lendingBot'), href: lendingBot },
        ],
      },
      {
        id: 'binfi',
        label: t('menu.binfi'),
        items: [
          { id: 'binfi', label: t('menu.binfiDashboard'), href: binfi },
          { id: 'binfi-galaxy', label: t('menu.binfiGalaxy'), href: binfiGalaxy },
        ],
      },
    ],
    [t, aboutUs, stableIncome, mixedQuant, smartAutotrade, lendingBot, binfi, binfiGalaxy],
  );
}
