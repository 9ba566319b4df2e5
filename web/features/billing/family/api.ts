import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAMILY_BILLING_ROUTES as R, type AddCardBody, type AutopayBody, type PayInvoiceBody } from '../../../../shared/contracts/billing-family';
import { callApi } from '../../../lib/callApi';

/** Everything of Payment / Billing lives under one key: a payment, a card or a switch refreshes all of it. */
const FAMILY_KEY = ['billing', 'family'] as const;

export function useFamilyBilling(studentId: string | null, page: number, enabled = true) {
  return useQuery({
    queryKey: [...FAMILY_KEY, 'invoices', { studentId, page }],
    queryFn: async () => (await callApi(R.invoices, { body: { ...(studentId ? { studentId } : {}), page } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCardList(studentId: string | null, enabled = true) {
  return useQuery({
    queryKey: [...FAMILY_KEY, 'cards', { studentId }],
    queryFn: async () => (await callApi(R.cardList, { body: studentId ? { studentId } : {} })).data,
    enabled,
  });
}

/** The cards "Pay with saved card" offers for a student's invoice: the caller's own. */
export function usePaymentMethods(studentId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...FAMILY_KEY, 'methods', studentId],
    queryFn: async () => (await callApi(R.paymentMethods, { params: { id: studentId } })).data,
    enabled,
  });
}

function useFamilyMutation<TBody, TData>(send: (body: TBody) => Promise<{ data: TData; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAMILY_KEY }),
  });
}

export const useAddCard = () => useFamilyMutation((body: AddCardBody) => callApi(R.addCard, { body }));
export const useRemoveCard = () =>
  useFamilyMutation((cardId: string) => callApi(R.removeCard, { body: { cardId } }));
export const useMakeDefaultCard = () =>
  useFamilyMutation((cardId: string) => callApi(R.makeDefaultCard, { body: { cardId, isDefault: true } }));
export const usePayWithSavedCard = () =>
  useFamilyMutation((body: PayInvoiceBody) => callApi(R.payInvoice, { body }));
export const useSetAutopay = () => useFamilyMutation((body: AutopayBody) => callApi(R.autopay, { body }));
