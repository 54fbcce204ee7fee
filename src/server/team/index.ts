export * from './access.js';
export * from './regions.js';
export * from './resend-invitation.js';
export * from './team.js';
