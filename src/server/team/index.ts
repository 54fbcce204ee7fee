export * from './access.js';
export * from './regions.js';
export * from './team.js';
