import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { BrandRow, UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { afterCursor, cursorText, type Page, type PageArgs, pageSize, toPage } from '../db/page.js';
import { brands, orders, users } from '../db/schema.js';

/** Admin customers and orders lists: 25 a page with Load More (spec 9). */
export const ADMIN_PAGE_SIZE = 25;

/** Customers are the accounts that are neither admins nor fieldwork staff (shoppers, proofers). */
export const isCustomer = (): SQL => and(eq(users.admin, false), sql`cardinality(${users.roles}) = 0`)!;

/** A case-insensitive "contains" pattern with LIKE's wildcards escaped. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const customerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
  email: users.email,
  phone: users.phone,
  createdAt: users.createdAt,
  brandName: brands.name,
};

export type CustomerSearch = { nameSearch?: string | null; businessNameSearch?: string | null };

/** The customers matching the admin's search (applied on submit): name and business name contain the terms. */
export function customerFilter(search: CustomerSearch): SQL {
  const name = search.nameSearch?.trim();
  const business = search.businessNameSearch?.trim();
  return and(
    isCustomer(),
    name ? sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${containsPattern(name)}` : undefined,
    business ? sql`${users.businessName} ilike ${containsPattern(business)}` : undefined,
  )!;
}

export type CustomerWithBrand = UserRow & { _associatedBrand: BrandRow | null };

/** Newest customers first, a page at a time, each with its associated brand. */
export async function listCustomers(
  db: Db,
  opts: PageArgs & CustomerSearch,
): Promise<Page<CustomerWithBrand>> {
  const size = pageSize(opts.first, ADMIN_PAGE_SIZE);
  const rows = await db
    .select({ user: users, brand: brands, cursorAt: cursorText(users.createdAt), cursorId: users.id })
    .from(users)
    .leftJoin(brands, eq(brands.id, users.associatedBrandId))
    .where(and(customerFilter(opts), afterCursor(users.createdAt, users.id, opts.after)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(size + 1);
  return toPage(
    rows.map((r) => ({ ...r.user, _associatedBrand: r.brand, cursorAt: r.cursorAt, cursorId: r.cursorId })),
    size,
  );
}

export type AdminOrderRow = {
  id: string;
  orderNumber: number;
  orderDate: Date | null;
  amount: number | null;
  businessName: string;
  email: string;
  brandName: string;
};

/** A placed order's business name and e-mail: its account's, or the guest's kept on the order. */
export const adminOrderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  orderDate: orders.orderDate,
  amount: orders.amount,
  businessName: sql<string>`coalesce(${users.businessName}, ${orders.guestProfile}->>'businessName', '')`,
  email: sql<string>`coalesce(${users.email}, ${orders.guestEmail}, '')`,
  brandName: brands.name,
};

/** Completed orders only (spec 2), newest first. */
export async function listCompletedOrders(db: Db, opts: PageArgs): Promise<Page<AdminOrderRow>> {
  const size = pageSize(opts.first, ADMIN_PAGE_SIZE);
  const rows = await db
    .select({ ...adminOrderColumns, cursorAt: cursorText(orders.orderDate), cursorId: orders.id })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.uid))
    .innerJoin(brands, eq(brands.id, orders.brandId))
    .where(and(eq(orders.status, 'COMPLETE'), afterCursor(orders.orderDate, orders.id, opts.after)))
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(size + 1);
  return toPage(rows as (AdminOrderRow & { cursorAt: string; cursorId: string })[], size);
}
