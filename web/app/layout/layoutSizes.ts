/** The app shell's sizes, read by the layout and by the toasts that sit in the sidebar's column (decision 090). */
export const HEADER_HEIGHT = 60;
export const NAVBAR_WIDTH = 260;
