// The GraphQL API's enums name each value of a closed set. A value that is not a GraphQL name (a
// webhook event type 'shop.submitted', an API key scope 'reporting:read', an e-mail kind
// 'shop-sent-to-qa') is named in upper case with underscores: SHOP_SUBMITTED, REPORTING_READ,
// SHOP_SENT_TO_QA. Payloads, the REST API and the database keep the value itself.

type Underscored<S extends string> = S extends `${infer A}.${infer B}`
  ? Underscored<`${A}_${B}`>
  : S extends `${infer A}:${infer B}`
    ? Underscored<`${A}_${B}`>
    : S extends `${infer A}-${infer B}`
      ? Underscored<`${A}_${B}`>
      : S;

/** The enum name of a value: 'shop.submitted' → 'SHOP_SUBMITTED'. */
export type EnumName<S extends string> = Uppercase<Underscored<S>>;

export const enumNameOf = <V extends string>(value: V): EnumName<V> =>
  value.toUpperCase().replace(/[.:-]/g, '_') as EnumName<V>;

/** The value of `values` an enum name stands for; undefined for a name none has. */
export const valueOfEnumName = <V extends string>(values: readonly V[], name: string): V | undefined =>
  values.find((v) => enumNameOf(v) === name);
