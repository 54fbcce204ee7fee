import { builder } from './builder.js';
import { enforceInputLimits } from './input-boundary.js';
import './brands.js';
import './users.js';
import './accounts.js';
import './outbox.js';
import './money.js';
import './catalogue.js';
import './orders.js';
import './locations.js';
import './checkout.js';
import './account.js';
import './forms.js';
import './admin.js';
import './fieldwork.js';
import './reporting.js';
import './notifications.js';

export const schema = enforceInputLimits(builder.toSchema());
