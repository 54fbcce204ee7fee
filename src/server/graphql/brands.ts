import { eq, sql } from 'drizzle-orm';
import type { TBrandType } from '../../domain/schemas/brand.js';
import { findBrandByEntryPath } from '../brands/resolve-brand.js';
import type { BrandRow } from '../context.js';
import { brands } from '../db/schema.js';
import { brandImageUrl } from '../file-references.js';
import { builder } from './builder.js';
import { BrandTypeEnum } from './enums.js';

const ZoneRef = builder.objectRef<{ city: string; state: string; tier: string }>('IncentiveZone').implement({
  fields: (t) => ({
    city: t.exposeString('city'),
    state: t.exposeString('state'),
    tier: t.exposeString('tier'),
  }),
});
const CarMakeRef = builder.objectRef<{ make: string; tier: string }>('CarMake').implement({
  fields: (t) => ({ make: t.exposeString('make'), tier: t.exposeString('tier') }),
});

/** Image URLs are derived on the server from the stored upload key (file-references.ts). */
export const BrandType = builder.objectRef<BrandRow>('Brand').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    shortName: t.exposeString('shortName'),
    name: t.exposeString('name'),
    type: t.field({ type: BrandTypeEnum, resolve: (b) => b.type as TBrandType }),
    subdomain: t.exposeString('subdomain', { nullable: true }),
    customDomain: t.exposeString('customDomain', { nullable: true }),
    entryPath: t.exposeString('entryPath', { nullable: true }),
    logoUrl: t.string({
      nullable: true,
      resolve: (b, _a, ctx) => brandImageUrl(ctx.adapters.storage, b, 'logoUrl'),
    }),
    faviconUrl: t.string({
      nullable: true,
      resolve: (b, _a, ctx) => brandImageUrl(ctx.adapters.storage, b, 'faviconUrl'),
    }),
    primaryColor: t.exposeString('primaryColor'),
    secondaryColor: t.exposeString('secondaryColor'),
    headerTextColor: t.exposeString('headerTextColor'),
    footerLinkTextColor: t.exposeString('footerLinkTextColor'),
    brandText: t.exposeString('brandText', { nullable: true }),
    brandTextImageUrl: t.string({
      nullable: true,
      resolve: (b, _a, ctx) => brandImageUrl(ctx.adapters.storage, b, 'brandTextImageUrl'),
    }),
    restrictCMS: t.exposeBoolean('restrictCMS'),
    isDefault: t.exposeBoolean('isDefault'),
    orderNotificationEmails: t.exposeString('orderNotificationEmails', {
      nullable: true,
      authScopes: { admin: true },
    }),
    surveysEnabled: t.exposeBoolean('surveysEnabled'),
    customizationEnabled: t.exposeBoolean('customizationEnabled'),
    usesIncentiveZones: t.exposeBoolean('usesIncentiveZones'),
    requiresCarMake: t.exposeBoolean('requiresCarMake'),
    flowVariant: t.exposeString('flowVariant'),
    unlistedIndustryEmail: t.exposeString('unlistedIndustryEmail', { nullable: true }),
    incentiveZones: t.field({ type: [ZoneRef], resolve: (b) => b.incentiveZones }),
    carMakes: t.field({ type: [CarMakeRef], resolve: (b) => b.carMakes }),
  }),
});

builder.queryFields((t) => ({
  currentBrand: t.field({
    type: BrandType,
    description: 'The brand of this visit: custom domain, subdomain, user, entry path, then default.',
    resolve: (_r, _a, ctx) => ctx.brand,
  }),
  brand: t.field({
    type: BrandType,
    nullable: true,
    args: {
      _id: t.arg.string(),
      customDomain: t.arg.string(),
      subdomain: t.arg.string(),
      entryPath: t.arg.string(),
    },
    resolve: async (_r, a, ctx) => {
      const where = a._id
        ? eq(brands.id, a._id)
        : a.customDomain
          ? eq(sql`lower(${brands.customDomain})`, a.customDomain.toLowerCase())
          : a.subdomain
            ? eq(sql`lower(${brands.subdomain})`, a.subdomain.toLowerCase())
            : null;
      if (!where)
        return a.entryPath ? ((await findBrandByEntryPath(ctx.db, a.entryPath)) ?? null) : ctx.brand;
      return (await ctx.db.select().from(brands).where(where).limit(1))[0] ?? null;
    },
  }),
  brands: t.field({
    type: [BrandType],
    description:
      'Brands, optionally of one type. Anyone may list AUTHENTICATED brands; other lists are for admins.',
    args: { type: t.arg({ type: BrandTypeEnum }) },
    authScopes: (_r, a) => (a.type === 'AUTHENTICATED' ? true : { admin: true }),
    resolve: async (_r, a, ctx) => {
      const q = ctx.db.select().from(brands);
      return a.type ? q.where(eq(brands.type, a.type)).orderBy(brands.name) : q.orderBy(brands.name);
    },
  }),
}));
