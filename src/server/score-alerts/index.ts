export * from './alerts.js';
export * from './subscriber.js';
