import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddCardBody, AutopayBody, CardList, FamilyBilling, FamilyStudent, InvoicePaymentResult, PayInvoiceBody, PaymentMethodList, SavedCard,
} from '../../../../shared/contracts/billing-family';
import { api } from '../../../lib/api';

/** Everything of Payment / Billing lives under one key: a payment, a card or a switch refreshes all of it. */
const FAMILY_KEY = ['billing', 'family'] as const;

export function useFamilyBilling(studentId: string | null, page: number, enabled = true) {
  return useQuery({
    queryKey: [...FAMILY_KEY, 'invoices', { studentId, page }],
    queryFn: async () => (await api.post<FamilyBilling>('/paymentbilling/invoices', { ...(studentId ? { studentId } : {}), page })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCardList(studentId: string | null, enabled = true) {
  return useQuery({
    queryKey: [...FAMILY_KEY, 'cards', { studentId }],
    queryFn: async () => (await api.post<CardList>('/studentBilling/cardList', studentId ? { studentId } : {})).data,
    enabled,
  });
}

/** The cards "Pay with saved card" offers for a student's invoice: the caller's own. */
export function usePaymentMethods(studentId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...FAMILY_KEY, 'methods', studentId],
    queryFn: async () => (await api.get<PaymentMethodList>(`/paymentMethod/getPaymentMethodList/${encodeURIComponent(studentId)}`)).data,
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

export const useAddCard = () => useFamilyMutation((body: AddCardBody) => api.post<SavedCard>('/studentBilling/addToCard', body));
export const useRemoveCard = () =>
  useFamilyMutation((cardId: string) => api.delete<{ autopayStopped: boolean }>('/studentBilling/removeCard', { cardId }));
export const useMakeDefaultCard = () =>
  useFamilyMutation((cardId: string) => api.post<SavedCard>('/studentBilling/updateCustomerPaymentProfile', { cardId, isDefault: true }));
export const usePayWithSavedCard = () =>
  useFamilyMutation((body: PayInvoiceBody) => api.post<InvoicePaymentResult>('/paymentbilling/payInvoice', body));
export const useSetAutopay = () => useFamilyMutation((body: AutopayBody) => api.post<FamilyStudent>('/paymentbilling/autopay', body));
