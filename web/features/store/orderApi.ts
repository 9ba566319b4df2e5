import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CART_ROUTES, ORDER_ROUTES, type AddToCartBody, type AddToOrderBody, type CartAnswer, type OrderAddressValues, type OrderStatus,
} from '../../../shared/contracts/store-orders';
import { callApi } from '../../lib/callApi';
import { STORE_PAGE_SIZE } from './api';

const CART_KEY = ['store', 'cart'] as const;
const ORDERS_KEY = ['store', 'orders'] as const;

export function useCart(enabled = true) {
  return useQuery({ queryKey: CART_KEY, queryFn: async () => (await callApi(CART_ROUTES.view, { body: {} })).data, enabled });
}

function useCartMutation<V>(call: (v: V) => Promise<{ data: CartAnswer; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (r) => queryClient.setQueryData(CART_KEY, r.data) });
}

export const useAddToCart = () => useCartMutation((v: AddToCartBody) => callApi(CART_ROUTES.add, { body: v }));
/**
 * The "Item added to cart" toast's id: the cart drawer takes it back when it opens, since the drawer
 * shows the line itself and the toast (top right) would cover its first line.
 */
export const ADDED_TO_CART_TOAST = 'store-added-to-cart';
export const useRemoveFromCart = () => useCartMutation((storeId: string) => callApi(CART_ROUTES.remove, { body: { storeId } }));

export function useAddress(enabled: boolean) {
  return useQuery({ queryKey: ['store', 'address'], queryFn: async () => (await callApi(ORDER_ROUTES.viewAddress, { body: {} })).data, enabled });
}
export const useSaveAddress = () => useMutation({ mutationFn: (v: OrderAddressValues) => callApi(ORDER_ROUTES.saveAddress, { body: v }) });

/** The buyer's saved cards for the card step (the school's store only: they are its merchant account's profiles). */
export function useCheckoutCards(enabled: boolean) {
  return useQuery({ queryKey: ['store', 'savedCards'], queryFn: async () => (await callApi(ORDER_ROUTES.savedCards, { body: {} })).data.results, enabled, retry: false });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: AddToOrderBody) => callApi(ORDER_ROUTES.place, { body: v }),
    // Not awaited: the emptied cart must not unmount the checkout before it opens the order.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['store'] }),
  });
}

/** The buyer's own orders, or (staff) the store's: ten a page, by status. */
export function useOrderList(p: { staff: boolean; page: number; status: OrderStatus | null }) {
  return useQuery({
    queryKey: [...ORDERS_KEY, p],
    queryFn: async () => (await callApi(p.staff ? ORDER_ROUTES.storeList : ORDER_ROUTES.buyerList, {
      body: { page: p.page, limit: STORE_PAGE_SIZE, status: p.status ?? undefined },
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  return useQuery({ queryKey: [...ORDERS_KEY, 'one', id], queryFn: async () => (await callApi(ORDER_ROUTES.view, { params: { id } })).data });
}

export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; status: OrderStatus }) => callApi(ORDER_ROUTES.updateStatus, { body: v }),
    onSuccess: (r) => {
      queryClient.setQueryData([...ORDERS_KEY, 'one', r.data._id], r.data);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}

/** The store's tax rate (percent), its owner's to set (decision 074). */
const TAX_RATE_KEY = ['store', 'taxRate'] as const;
export function useTaxRate(enabled: boolean) {
  return useQuery({ queryKey: TAX_RATE_KEY, queryFn: async () => (await callApi(ORDER_ROUTES.taxRate)).data.taxRate, enabled });
}
export function useSetTaxRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (taxRate: number) => callApi(ORDER_ROUTES.setTaxRate, { body: { taxRate } }),
    // The cart's tax follows the rate.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: TAX_RATE_KEY }), client.invalidateQueries({ queryKey: CART_KEY })]),
  });
}
