import { LegalPage } from '../../features/legal/pages/legal-page';

/** The UserAgreement route's screen (also `/user-agreement/:mobile`, the app's web view). */
export function UserAgreementScreen() {
  return <LegalPage document="user-agreement" />;
}

/** The PrivacyPolicy route's screen (also `/privacy-policy/:mobile`). */
export function PrivacyPolicyScreen() {
  return <LegalPage document="privacy-policy" />;
}
