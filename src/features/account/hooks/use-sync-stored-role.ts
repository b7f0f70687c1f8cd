import { useEffect } from 'react';
import { updateStoredMember } from '../../../services/member-auth';
import { getLoginInfo } from '../../../services/session';

/**
 * Keeps the roleId of the stored loginInfo (what the nav menu reads: Referrals from level 1,
 * the menu before KYC) equal to the server's. Levels 2-4 change with staking and the Alliance
 * NFT while the member is logged in; `updateStoredMember` tells the shell.
 */
export function useSyncStoredRole(serverRoleId: number | undefined): void {
  useEffect(() => {
    if (serverRoleId === undefined) return;
    const info = getLoginInfo();
    if (!info || info.roleId === serverRoleId) return;
    updateStoredMember({ roleId: serverRoleId });
  }, [serverRoleId]);
}
