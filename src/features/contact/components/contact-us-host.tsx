import { useContactUsParam } from '../hooks/use-contact-us-param';
import { ContactUsDialog } from './contact-us-dialog';

/**
 * Mount once in the app shell (inside the router and the QueryClientProvider): shows the
 * contact-us dialog whenever the URL has `type=contact-us`, and removes it on close.
 */
export function ContactUsHost() {
  const { isOpen, close } = useContactUsParam();
  return (
    <ContactUsDialog
      open={isOpen}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    />
  );
}
