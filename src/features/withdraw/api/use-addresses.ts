import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import {
  addAddress,
  deleteAddress,
  getAddresses,
  setDefaultAddress,
} from '../../../services/wallet-withdraw';
import type { AddAddressBody, AddressList } from '../../../shared/api/wallet-withdraw';

/** GET /api/v1/user/address: the whole book (views filter by currency themselves). */
export function getAddressesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.member.addresses(),
    queryFn: () => getAddresses(),
    ...cachePresets.standard,
  });
}

export function useAddresses() {
  return useQuery(getAddressesQueryOptions());
}

/** POST /api/v1/user/address (with the second-factor code). */
export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddAddressBody) => addAddress(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.addresses() }),
  });
}

/** DELETE /api/v1/user/address: the answer is the new list. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAddress(id),
    onSuccess: (list: AddressList) => queryClient.setQueryData(queryKeys.member.addresses(), list),
  });
}

/** PATCH /api/v1/user/address/default: the answer is the new list. */
export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => setDefaultAddress(id),
    onSuccess: (list: AddressList) => queryClient.setQueryData(queryKeys.member.addresses(), list),
  });
}
