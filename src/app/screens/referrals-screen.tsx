import { ReferralsPage } from '../../features/account/pages/referrals-page';
import { routes } from '../routes';

/** The Referrals route's screen: the account feature's referral code, link and record. */
export default function ReferralsScreen() {
  return <ReferralsPage registerPath={routes.Register.getHref()} />;
}
