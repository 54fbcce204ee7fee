import { and, asc, eq, inArray } from 'drizzle-orm';
import { listPlacedShops } from '../account/index.js';
import type { GeocodedAddress } from '../adapters/geocoding.js';
import type { AppContext } from '../context.js';
import { locations } from '../db/schema.js';
import {
  addBulkLocations,
  addLocation,
  addSavedLocations,
  removeLocationFromOrder,
  saveLocation,
} from '../locations/manage-locations.js';
import { loadOrderGraph } from '../orders/order-graph.js';
import { locationScopeOf } from '../team/index.js';
import { builder } from './builder.js';
import { ShopStatusEnum } from './enums.js';
import { LocationRef, OrderRef, ShopRef } from './refs.js';
import { UserType } from './users.js';

export const AddressType = builder
  .objectRef<Omit<GeocodedAddress, 'latitude' | 'longitude'> & { addressName?: string | null }>('Address')
  .implement({
    fields: (t) => ({
      addressName: t.exposeString('addressName', { nullable: true }),
      line1: t.exposeString('line1'),
      line2: t.exposeString('line2'),
      city: t.exposeString('city'),
      state: t.exposeString('state'),
      postalCode: t.exposeString('postalCode'),
      country: t.exposeString('country'),
      formattedAddress: t.exposeString('formattedAddress', { nullable: true }),
      googlePlacesId: t.exposeString('googlePlacesId', { nullable: true }),
    }),
  });

export const LocationType = LocationRef.implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    name: t.exposeString('name'),
    website: t.exposeString('website'),
    phone: t.exposeString('phone'),
    additionalEmails: t.exposeString('additionalEmails'),
    published: t.exposeBoolean('published'),
    locationIDNumeric: t.exposeInt('locationIdNumeric'),
    regionId: t.exposeString('regionId', { nullable: true, description: "The account's region it is in." }),
    address: t.field({
      type: AddressType,
      resolve: (l) => ({
        addressName: l.addressName,
        line1: l.line1,
        line2: l.line2,
        city: l.city,
        state: l.state,
        postalCode: l.postalCode,
        country: l.country,
        formattedAddress: l.formattedAddress ?? '',
        googlePlacesId: l.googlePlacesId,
      }),
    }),
    shops: t.field({
      type: [ShopRef],
      description:
        "On an order: that order's shops here. Elsewhere: the owner's placed shops here, optionally of one status.",
      args: { status: t.arg({ type: ShopStatusEnum }) },
      resolve: async (l, a, ctx) => {
        if (l.shops) return a.status ? l.shops.filter((s) => s.status === a.status) : l.shops;
        return listPlacedShops(ctx.db, { locationId: l.id, status: a.status });
      },
    }),
  }),
});

builder.objectField(UserType, 'locations', (t) =>
  t.field({
    type: [LocationType],
    description: "The user's saved locations (a team's manager: only theirs).",
    args: { includeUnpublished: t.arg.boolean({ defaultValue: false }) },
    resolve: async (u, a, ctx) => {
      const scope = ctx.user?.id === u.id && ctx.person ? await locationScopeOf(ctx.db, ctx) : null;
      if (scope?.length === 0) return [];
      return ctx.db
        .select()
        .from(locations)
        .where(
          and(
            eq(locations.uid, u.id),
            a.includeUnpublished ? undefined : eq(locations.published, true),
            scope ? inArray(locations.id, scope) : undefined,
          ),
        )
        .orderBy(asc(locations.name));
    },
  }),
);

const AddressInput = builder.inputType('AddressInput', {
  fields: (t) => ({
    addressName: t.string(),
    line1: t.string(),
    line2: t.string(),
    city: t.string(),
    state: t.string(),
    postalCode: t.string(),
    country: t.string(),
    formattedAddress: t.string(),
    googlePlacesId: t.string(),
  }),
});

const LocationInput = builder.inputType('LocationInput', {
  fields: (t) => ({
    address: t.field({ type: AddressInput }),
    name: t.string(),
    website: t.string(),
    phone: t.string(),
    additionalEmails: t.string(),
    oids: t.stringList(),
  }),
});

const LocationEditInput = builder.inputType('LocationEditInput', {
  fields: (t) => ({
    address: t.field({ type: AddressInput }),
    name: t.string(),
    website: t.string(),
    phone: t.string(),
    additionalEmails: t.string(),
  }),
});

const GeocodeResultType = builder
  .objectRef<{ status: string; address: GeocodedAddress | null }>('GeocodeResult')
  .implement({
    fields: (t) => ({
      status: t.exposeString('status', { description: 'OK, ZERO_RESULTS, OVER_QUERY_LIMIT or ERROR.' }),
      address: t.field({ type: AddressType, nullable: true, resolve: (r) => r.address }),
    }),
  });

builder.queryFields((t) => ({
  geocodeAddress: t.field({
    type: GeocodeResultType,
    description: 'One address line to a US address, through the geocoding adapter.',
    args: { line: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const line = a.line.slice(0, 500);
      const result = await ctx.adapters.geocoding.geocode(line);
      return { status: result.status, address: result.status === 'OK' ? result.address : null };
    },
  }),
  addressSuggestions: t.field({
    type: [AddressType],
    description: 'Address autocomplete.',
    args: { query: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) =>
      a.query.trim().length < 3 ? [] : ctx.adapters.geocoding.suggest(a.query.slice(0, 300)),
  }),
}));

const deps = (ctx: AppContext) => ({ user: ctx.user, geocoding: ctx.adapters.geocoding });

builder.mutationFields((t) => ({
  addLocation: t.field({
    type: LocationType,
    args: { input: t.arg({ type: LocationInput, required: true }) },
    resolve: (_r, a, ctx) => addLocation(ctx.db, deps(ctx), a.input),
  }),
  addBulkLocations: t.field({
    type: [LocationType],
    args: { input: t.arg({ type: [LocationInput], required: true }) },
    resolve: (_r, a, ctx) => addBulkLocations(ctx.db, deps(ctx), a.input),
  }),
  addSavedLocations: t.field({
    type: OrderRef,
    args: { oid: t.arg.string({ required: true }), locationIds: t.arg.stringList({ required: true }) },
    resolve: async (_r, a, ctx) => loadOrderGraph(ctx.db, await addSavedLocations(ctx.db, deps(ctx), a)),
  }),
  saveLocation: t.field({
    type: LocationType,
    args: {
      locationId: t.arg.string({ required: true }),
      oid: t.arg.string(),
      input: t.arg({ type: LocationEditInput, required: true }),
    },
    resolve: (_r, a, ctx) =>
      saveLocation(ctx.db, deps(ctx), { locationId: a.locationId, oid: a.oid, input: a.input }),
  }),
  removeLocationFromOrder: t.field({
    type: LocationType,
    args: { locationId: t.arg.string({ required: true }), oid: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => removeLocationFromOrder(ctx.db, deps(ctx), a),
  }),
  removeLocation: t.field({
    type: LocationType,
    description: 'Alias of removeLocationFromOrder (spec).',
    args: { locationId: t.arg.string({ required: true }), oid: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => removeLocationFromOrder(ctx.db, deps(ctx), a),
  }),
}));
