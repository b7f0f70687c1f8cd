import { authorizeLoginDevice } from '../../../services/member-auth';
import { OneTimeLinkCard } from '../components/one-time-link-card';

/**
 * /authorizeLoginDevice?token=: the link e-mailed for a login from a new device. Opened on that
 * device, it authorises it (once, on load) and the member logs in again.
 */
export default function AuthorizeLoginDevicePage() {
  return (
    <OneTimeLinkCard open={authorizeLoginDevice} texts="device" testIdPrefix="authorize-device" />
  );
}
