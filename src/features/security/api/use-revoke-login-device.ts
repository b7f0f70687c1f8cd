import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeLoginDevice, type RevokeLoginDeviceResult } from '../../../services/member-security';
import type { LoginDevice } from '../../../shared/api/auth';
import { securityKeys } from './security-query-keys';

/** POST /member/revokeLoginDevice; then the device list and the activity log are reloaded. */
export function useRevokeLoginDevice() {
  const queryClient = useQueryClient();
  return useMutation<
    RevokeLoginDeviceResult,
    unknown,
    Pick<LoginDevice, 'clientId' | 'deviceType'>
  >({
    mutationKey: [...securityKeys.devices.all, 'revoke'],
    mutationFn: (device) =>
      revokeLoginDevice({ clientId: device.clientId, deviceType: device.deviceType }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.devices.all }),
        queryClient.invalidateQueries({ queryKey: securityKeys.logs.all }),
      ]),
  });
}
