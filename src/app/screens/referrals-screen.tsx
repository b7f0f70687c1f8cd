import { ReferralsPage } from '../../features/account/pages/referrals-page';
import { paths } from '../../lib/paths';

/** The Referrals route's screen: the account feature's referral code, link and record. */
export default function ReferralsScreen() {
  return <ReferralsPage registerPath={paths.Register.getHref()} />;
}
