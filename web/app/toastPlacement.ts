import { NAVBAR_WIDTH } from './layout/layoutSizes';

/** Below Mantine's `sm`, as the layout's phone (web/app/layout/AppLayout.tsx). */
export const TOAST_PHONE_QUERY = '(max-width: 48em)';

/** Mantine's notifications sit `md` (16 px) from the window's edges. */
const EDGE = 16;

/**
 * A phone's toasts along the bottom edge, the width of the screen; a wider window's at the bottom
 * left, inside the sidebar's column (decision 090).
 */
export function toastPlacement(phone: boolean): { position: 'bottom-center' | 'bottom-left'; containerWidth: number } {
  return phone ? { position: 'bottom-center', containerWidth: 440 } : { position: 'bottom-left', containerWidth: NAVBAR_WIDTH - 2 * EDGE };
}
