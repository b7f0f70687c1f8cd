import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { ContactUsForm } from './contact-us-form';

export interface ContactUsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The contact-us dialog (controlled). The form starts fresh each time it opens. */
export function ContactUsDialog({ open, onOpenChange }: ContactUsDialogProps) {
  const { t } = useTranslation('contact');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dialog.title')}
      description={t('dialog.description')}
      data-testid="contact-us-dialog"
    >
      <ContactUsForm onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}
