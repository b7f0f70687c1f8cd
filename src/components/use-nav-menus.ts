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
  loyaltyProgram?: string;
  referralProgram?: string;
  partnerProgram?: string;
  campaigns?: string;
}

/**
 * The spec's bar entries (About Us, the service submenu, the BinFi submenu) and the programs
 * submenu (loyalty, referral and partner programs, the campaigns) with translated
 * labels. Pass the result to NavBar's `menus`.
 */
export function useNavMenus(targets: NavMenuTargets = {}): NavMenu[] {
  const { t } = useTranslation('nav');
  const {
    aboutUs,
    stableIncome,
    mixedQuant,
    smartAutotrade,
    lendingBot,
    binfi,
    binfiGalaxy,
    loyaltyProgram,
    referralProgram,
    partnerProgram,
    campaigns,
  } = targets;
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
      {
        id: 'programs',
        label: t('menu.programs'),
        items: [
          { id: 'loyalty-program', label: t('menu.loyaltyProgram'), href: loyaltyProgram },
          { id: 'referral-program', label: t('menu.referralProgram'), href: referralProgram },
          { id: 'partner-program', label: t('menu.partnerProgram'), href: partnerProgram },
          { id: 'campaigns', label: t('menu.campaigns'), href: campaigns },
        ],
      },
    ],
    [
      t,
      aboutUs,
      stableIncome,
      mixedQuant,
      smartAutotrade,
      lendingBot,
      binfi,
      binfiGalaxy,
      loyaltyProgram,
      referralProgram,
      partnerProgram,
      campaigns,
    ],
  );
}
