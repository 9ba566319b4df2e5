/**
 * The webPush feature's entry for other features: the switch that turns push on for this browser
 * (the profile page shows it). Signing out ends the subscription too (lib/browserPushSubscription.ts).
 */
export { PushDeviceSwitch, PUSH_SWITCH_LABEL } from './PushDeviceSwitch';
