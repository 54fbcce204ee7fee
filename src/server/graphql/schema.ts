import { builder } from './builder.js';
import './brands.js';
import './users.js';
import './accounts.js';
import './outbox.js';

export const schema = builder.toSchema();
