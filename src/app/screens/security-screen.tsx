import SecurityPage from '../../features/security/pages/security-page';
import { AddressBookPanel } from '../../features/withdraw/components/address-book-panel';

/** /security with the withdraw feature's address book in its "address" tab. */
export default function SecurityScreen() {
  return <SecurityPage addressBook={<AddressBookPanel />} />;
}
