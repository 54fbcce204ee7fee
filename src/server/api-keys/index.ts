export * from './access.js';
export * from './authenticate-api-key.js';
export * from './create-api-key.js';
export * from './list-api-keys.js';
export * from './revoke-api-key.js';
