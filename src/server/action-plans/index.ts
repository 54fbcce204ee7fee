export * from './notify-plans.js';
export { planMailSubscriber } from './plan-mail-subscriber.js';
export * from './plans.js';
export { actionPlanTrigger } from './subscriber.js';
