export * from './notify-plans.js';
export * from './plans.js';
