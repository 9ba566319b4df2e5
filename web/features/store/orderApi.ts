import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '../../../shared/contracts/common';
import type {
  AddToOrderBody, CartAnswer, CheckoutCards, OrderAddress, OrderAddressValues, OrderDetails, OrderStatus, OrderSummary, PlaceOrderAnswer,
} from '../../../shared/contracts/store-orders';
import { api } from '../../lib/api';
import { STORE_PAGE_SIZE } from './api';

const CART_KEY = ['store', 'cart'] as const;
const ORDERS_KEY = ['store', 'orders'] as const;

export function useCart(enabled = true) {
  return useQuery({ queryKey: CART_KEY, queryFn: async () => (await api.post<CartAnswer>('/cart/viewCart', {})).data, enabled });
}

function useCartMutation<V>(call: (v: V) => Promise<{ data: CartAnswer; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (r) => queryClient.setQueryData(CART_KEY, r.data) });
}

export const useAddToCart = () => useCartMutation((v: { storeId: string; quantity: number; add?: boolean }) => api.post<CartAnswer>('/cart/addtoCart', v));
export const useRemoveFromCart = () => useCartMutation((storeId: string) => api.post<CartAnswer>('/cart/removeCart', { storeId }));

export function useAddress(enabled: boolean) {
  return useQuery({ queryKey: ['store', 'address'], queryFn: async () => (await api.post<OrderAddress | null>('/order/viewAddress', {})).data, enabled });
}
export const useSaveAddress = () => useMutation({ mutationFn: (v: OrderAddressValues) => api.post<OrderAddress>('/order/addUserOrderAddress', v) });

/** The buyer's saved cards for the card step (the school's store only: they are its merchant account's profiles). */
export function useCheckoutCards(enabled: boolean) {
  return useQuery({ queryKey: ['store', 'savedCards'], queryFn: async () => (await api.post<CheckoutCards>('/order/savedCards', {})).data.results, enabled, retry: false });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: AddToOrderBody) => api.post<PlaceOrderAnswer>('/order/addtoOrder', v),
    // Not awaited: the emptied cart must not unmount the checkout before it opens the order.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['store'] }),
  });
}

/** The buyer's own orders, or (staff) the store's: ten a page, by status. */
export function useOrderList(p: { staff: boolean; page: number; status: OrderStatus | null }) {
  return useQuery({
    queryKey: [...ORDERS_KEY, p],
    queryFn: async () => (await api.post<ListResult<OrderSummary>>(p.staff ? '/order/orderList' : '/order/getorderList', {
      page: p.page, limit: STORE_PAGE_SIZE, status: p.status ?? undefined,
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  return useQuery({ queryKey: [...ORDERS_KEY, 'one', id], queryFn: async () => (await api.get<OrderDetails>(`/order/viewOrder/${id}`)).data });
}

export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; status: OrderStatus }) => api.post<OrderDetails>('/order/updateStatus', v),
    onSuccess: (r) => {
      queryClient.setQueryData([...ORDERS_KEY, 'one', r.data._id], r.data);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
