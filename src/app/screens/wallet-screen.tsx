import { ConvertHistory } from '../../features/convert/components/convert-history';
import { ConvertPanel } from '../../features/convert/components/convert-panel';
import { CustodialStakePanel } from '../../features/convert/components/custodial-stake-panel';
import { StakeHistory } from '../../features/convert/components/stake-history';
import { WalletPage } from '../../features/custody/pages/wallet-page';
import { DepositPanel } from '../../features/deposit/components/deposit-panel';
import { AddressBookPanel } from '../../features/withdraw/components/address-book-panel';
import { WithdrawPanel } from '../../features/withdraw/components/withdraw-panel';

/**
 * /wallet: the custody feature's page (balances, transaction history, tabs) with the panels of
 * the deposit, withdraw and convert features in its tabs. Features never import each other; the
 * app composes them here.
 */
export default function WalletScreen() {
  return (
    <WalletPage
      panels={{
        deposit: <DepositPanel />,
        withdrawal: <WithdrawPanel />,
        convert: <ConvertPanel />,
        stake: <CustodialStakePanel />,
        conversions: <ConvertHistory />,
        'stake-history': <StakeHistory />,
        addresses: <AddressBookPanel />,
      }}
    />
  );
}
