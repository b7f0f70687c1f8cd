/**
 * The wallet page's tabs other than Deposit (the default tab), loaded apart from the screen
 * (wallet-screen.tsx): a member's first screen at /wallet is the balances with the
 * verification prompt or the Deposit tab, so these panels and what they import (the address
 * book's dialog and two-step verification, the convert and stake forms, the histories) no
 * longer load before it. One chunk for all of them, fetched when the browser is idle after the
 * screen's first paint, or when one of their tabs is opened first.
 */
export { ConvertHistory } from '../../features/convert/components/convert-history';
export { ConvertPanel } from '../../features/convert/components/convert-panel';
export { CustodialStakePanel } from '../../features/convert/components/custodial-stake-panel';
export { StakeHistory } from '../../features/convert/components/stake-history';
export { AddressBookPanel } from '../../features/withdraw/components/address-book-panel';
export { WithdrawPanel } from '../../features/withdraw/components/withdraw-panel';
