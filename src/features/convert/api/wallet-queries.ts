import { queryKeys } from '../../../services/query-keys';

/**
 * What a conversion or a custodial stake changes: every wallet query (balances, histories,
 * convert info, stake record) and the loyalty status (the custodial stake counts for the level).
 */
export const WALLET_AND_LEVEL = [queryKeys.member.wallet(), queryKeys.member.loyaltyStatus()];
