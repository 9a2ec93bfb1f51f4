/**
 * The public entry of the push feature: the switch that turns this browser's notifications on and
 * off (the bell shows it; a screen that waits for a call, such as a queue, may show it too).
 */
export { PushToggle } from './components/push-toggle';
