// What other admin screens use of the brand screens (the router loads the pages themselves lazily).
export { BRANDS } from './brand-documents';
export { brandTypeLabel } from './brand-form-values';
