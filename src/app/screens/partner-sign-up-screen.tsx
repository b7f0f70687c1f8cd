import { useCallback, useState } from 'react';
import { ContactVerification } from '../../features/auth/components/contact-verification';
import { RegisterForm, type Registered } from '../../features/auth/components/register-form';
import { PartnerSignUpDone, PartnerSignUpPage } from '../../features/partner/pages/partner-pages';

type Step = { name: 'form' } | { name: 'verify'; registered: Registered } | { name: 'done' };

function PartnerRegistration({ code }: { code: string }) {
  const [step, setStep] = useState<Step>({ name: 'form' });
  const onVerified = useCallback(() => setStep({ name: 'done' }), []);
  if (step.name === 'form') {
    return (
      <RegisterForm
        referralCode={code}
        codeKind="partner"
        onRegistered={(registered) => setStep({ name: 'verify', registered })}
      />
    );
  }
  if (step.name === 'verify') {
    return (
      <ContactVerification
        account={step.registered.account}
        email={step.registered.email}
        mobile={step.registered.mobile}
        resendAfter={step.registered.resendAfter}
        onVerified={onVerified}
      />
    );
  }
  return <PartnerSignUpDone />;
}

/** CoolbitxReferralSignUp: the partner page around the auth feature's registration. */
export default function PartnerSignUpScreen() {
  return <PartnerSignUpPage registration={(props) => <PartnerRegistration {...props} />} />;
}
