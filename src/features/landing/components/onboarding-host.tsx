import { useKycStatus } from '../../../hooks/use-kyc-status';
import { useOnboardingMember } from '../hooks/use-onboarding-member';
import { useOnboardingParam } from '../hooks/use-onboarding-param';
import { verificationOffer } from '../utils/verification-offer';
import { OnboardingTour } from './onboarding-tour';

export interface OnboardingHostProps {
  /** The KYC upload step (`/kyc?step=upload`), opened in a new tab by Verify. */
  verifyHref: string;
  /** Runs when Verify is pressed, before the tab opens: the app stores the return target. */
  onVerify: () => void;
}

/**
 * The tour for a logged-in member on Landing with `mode=new` (loaded lazily, with the
 * `onboarding` namespace, only then). Verify is offered only to a member who is neither premier
 * nor holds any KYC result: the KYC status is fetched only when the stored member does not
 * already rule the button out. Closing removes `mode` from the URL (a replace).
 */
export function OnboardingHost({ verifyHref, onVerify }: OnboardingHostProps) {
  const { close } = useOnboardingParam();
  const member = useOnboardingMember();
  const statusNeeded = member !== null && verificationOffer(member, undefined) === 'unknown';
  const status = useKycStatus({ enabled: statusNeeded });
  if (!member) return null;
  const offer = verificationOffer(member, status.data);
  return (
    <OnboardingTour
      verify={offer === 'offer' ? { href: verifyHref, onClick: onVerify } : undefined}
      onClose={close}
    />
  );
}

export default OnboardingHost;
