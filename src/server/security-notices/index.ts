export { securityNoticesSubscriber } from './subscriber.js';
