import { AccountPage } from '../../features/account/pages/account-page';
import { AlliancePanel } from '../../features/alliance/components/alliance-panel';
import { LazyStakingPanel } from '../../features/loyalty/components/lazy-staking-panel';
import { paths } from '../../lib/paths';

const ACCOUNT_LINKS = {
  kyc: paths.Kyc.getHref(),
  wallet: paths.Wallet.getHref(undefined, { tab: 'deposit' }),
  security: paths.Security.getHref(undefined, { tab: 'two-step' }),
  loyaltyProgram: paths.LoyaltyProgram.getHref(),
  bcnt: paths.Bcnt.getHref(),
};

/**
 * The Account route's screen: the account page with the loyalty panels of two other features
 * (BCNT staking, Alliance NFT) in its slots. Features never import each other; the app
 * composes them here. Both panels load their wallet code (wagmi, RainbowKit) as separate
 * chunks, so this screen's chunk stays light: the staking panel through the loyalty feature's
 * lazy wrapper, the Alliance panel through its lazy `web3/alliance-verify`.
 */
export default function AccountScreen() {
  return (
    <AccountPage
      links={ACCOUNT_LINKS}
      stakingPanel={<LazyStakingPanel />}
      alliancePanel={<AlliancePanel />}
    />
  );
}
