import type { LocationRow, OrderGraph, ShopInContext, UserQuestionnaireRow } from '../orders/order-graph.js';
import { builder } from './builder.js';

/** Object types shared across modules, declared once here and implemented in their own module. */
export type LocationParent = LocationRow & { shops?: ShopInContext[] };

export const OrderRef = builder.objectRef<OrderGraph>('Order');
export const LocationRef = builder.objectRef<LocationParent>('Location');
export const ShopRef = builder.objectRef<ShopInContext>('Shop');
export const UserQuestionnaireRef = builder.objectRef<UserQuestionnaireRow>('UserQuestionnaire');
