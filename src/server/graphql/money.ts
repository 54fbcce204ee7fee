import { formatMoney } from '../../domain/index.js';
import { builder } from './builder.js';

/** An amount in integer cents with its display text ("$1,234.00"). */
export const MoneyType = builder.objectRef<number>('Money').implement({
  fields: (t) => ({
    value: t.int({ description: 'Cents.', resolve: (cents) => cents }),
    displayValue: t.string({ resolve: (cents) => formatMoney(cents) }),
  }),
});
