import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../components/button';
import { useContactUsParam } from '../hooks/use-contact-us-param';

export interface ContactUsButtonProps {
  /** `inverse` on the navy nav bar (default), `primary`/`secondary` on light surfaces. */
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/** The visitors' contact-us button: opens the dialog by setting `type=contact-us`. */
export function ContactUsButton({
  variant = 'inverse',
  size = 'sm',
  className,
}: ContactUsButtonProps) {
  const { t } = useTranslation('contact');
  const { open } = useContactUsParam();
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={open}
      aria-haspopup="dialog"
      data-testid="contact-us-button"
    >
      {t('button.open')}
    </Button>
  );
}
