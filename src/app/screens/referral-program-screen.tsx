import { useParams } from 'react-router';
import { useRouteLanguage } from '../../features/loyalty/hooks/use-route-language';
import { ReferralProgramPage } from '../../features/programs/pages/referral-program-page';

/**
 * ReferralProgram and ReferralProgramMobile: the programs feature's page; in the app's web view
 * (`/referral-program/:mobile/:lang?`) the `lang` param is applied in place for this page only,
 * as on the loyalty program's web view.
 */
export default function ReferralProgramScreen() {
  const { lang } = useParams();
  useRouteLanguage(lang);
  return <ReferralProgramPage />;
}
