import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { locations, orderLocations, shops } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';
import {
  ADD_BULK,
  ADD_LOCATION,
  ADD_SAVED,
  ALREADY_PLACED,
  AUSTIN,
  addLocation,
  type Catalogue,
  cartWithShop,
  catalogue,
  customer,
  expectError,
  expectNoChange,
  LAS_VEGAS,
  NOT_AUTHORIZED,
  ORDER_NOT_FOUND,
  placedGuestOrder,
  placedOrderOf,
  REMOVE_LOCATION,
  REMOVE_LOCATION_ALIAS,
  SAVE_LOCATION,
  startCart,
} from '../test/order-wizard.js';

const t = setupTestApp();
let c: Catalogue;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
});

const locationCount = async () => (await t.db.select({ n: count() }).from(locations))[0]!.n;

describe('addLocation', () => {
  it('stores the state the server geocoded, not the browser copy', async () => {
    const { oid } = await startCart(t, [c.shop.id]);
    const res = await t.gql(ADD_LOCATION, {
      input: {
        address: { formattedAddress: LAS_VEGAS, state: 'TX', city: 'Austin' },
        name: 'Strip',
        oids: [oid],
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.addLocation.address).toEqual({ state: 'NV', city: 'Las Vegas' });
  });

  it.each([
    {
      case: 'no address',
      input: { name: 'Main Street' },
      message: 'Location Address is required.',
      field: 'address',
    },
    {
      case: 'an empty address',
      input: { address: { formattedAddress: '  ', line1: '' }, name: 'Main Street' },
      message: 'Location Address is required.',
      field: 'address',
    },
    {
      case: 'no name',
      input: { address: { formattedAddress: AUSTIN } },
      message: 'Location Name is required.',
      field: 'name',
    },
    {
      case: 'a blank name',
      input: { address: { formattedAddress: AUSTIN }, name: '   ' },
      message: 'Location Name is required.',
      field: 'name',
    },
    {
      case: 'neither address nor name (address first)',
      input: { name: '' },
      message: 'Location Address is required. Location Name is required.',
      field: 'address',
    },
    {
      case: 'a phone number of 9 digits',
      input: { address: { formattedAddress: AUSTIN }, name: 'Main', phone: '512-555-010' },
      message: 'Phone Number must have 10 digits, or 11 starting with 1.',
      field: 'phone',
    },
    {
      case: 'an invalid report e-mail',
      input: {
        address: { formattedAddress: AUSTIN },
        name: 'Main',
        additionalEmails: 'ok@example.test, nope',
      },
      message: 'Emails to Receive Reports for this Location: "nope" is not a valid email address.',
      field: 'additionalEmails',
    },
  ])('refuses $case and adds nothing', async ({ input, message, field }) => {
    const { oid } = await startCart(t, [c.shop.id]);
    const res = await expectNoChange(t, () => t.gql(ADD_LOCATION, { input: { ...input, oids: [oid] } }));
    expectError(res, message, { field, code: 'BAD_USER_INPUT' });
  });

  it("refuses another customer's cart, a placed order and an unknown order, adding no location", async () => {
    const owner = await customer(t);
    const theirs = await startCart(t, [c.shop.id], { token: owner.token });
    const placed = await placedGuestOrder(t, c);
    const mine = await startCart(t, [c.shop.id]);
    const call = (oids: string[]) => () =>
      t.gql(ADD_LOCATION, { input: { address: { formattedAddress: AUSTIN }, name: 'Main', oids } });
    expectError(await expectNoChange(t, call([theirs.oid])), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call([mine.oid, theirs.oid])), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call([placed.oid])), ALREADY_PLACED);
    expectError(await expectNoChange(t, call(['no-such-order'])), ORDER_NOT_FOUND);
  });

  it("owns a logged-in customer's new location", async () => {
    const owner = await customer(t);
    const { oid } = await startCart(t, [c.shop.id], { token: owner.token });
    const id = await addLocation(t, oid, { token: owner.token });
    const [row] = await t.db.select().from(locations).where(eq(locations.id, id));
    expect(row!.uid).toBe(owner.user.id);
  });
});

describe('addBulkLocations', () => {
  const row = (oid: string, name: string, address = AUSTIN) => ({
    address: { formattedAddress: address },
    name,
    oids: [oid],
  });

  it('adds every row in one go, each geocoded on the server', async () => {
    const { oid } = await startCart(t, [c.shop.id]);
    const res = await t.gql(ADD_BULK, { input: [row(oid, '1'), row(oid, '2', LAS_VEGAS)] });
    expect(res.errors).toBeUndefined();
    const states = await t.db
      .select({ state: locations.state })
      .from(orderLocations)
      .innerJoin(locations, eq(locations.id, orderLocations.locationId))
      .where(eq(orderLocations.oid, oid));
    expect(states.map((s) => s.state).sort()).toEqual(['NV', 'TX']);
  });

  it('refuses the whole table when one row has no name, adding none of the others', async () => {
    const { oid } = await startCart(t, [c.shop.id]);
    const res = await expectNoChange(t, () =>
      t.gql(ADD_BULK, { input: [row(oid, '1'), row(oid, '  '), row(oid, '3')] }),
    );
    expectError(res, 'All locations must have a Location Name', { code: 'BAD_USER_INPUT' });
  });

  it('refuses a row without an address and an empty table', async () => {
    const { oid } = await startCart(t, [c.shop.id]);
    const noAddress = await expectNoChange(t, () =>
      t.gql(ADD_BULK, { input: [row(oid, '1'), { name: '2', oids: [oid] }] }),
    );
    expectError(noAddress, 'Location Address is required.', { field: '1.address' });
    expectError(await expectNoChange(t, () => t.gql(ADD_BULK, { input: [] })), 'Add at least one location.');
  });

  it("refuses another customer's cart and a placed order, adding nothing", async () => {
    const owner = await customer(t);
    const theirs = await startCart(t, [c.shop.id], { token: owner.token });
    const placed = await placedGuestOrder(t, c);
    const mine = await startCart(t, [c.shop.id]);
    expectError(
      await expectNoChange(t, () => t.gql(ADD_BULK, { input: [row(mine.oid, '1'), row(theirs.oid, '2')] })),
      NOT_AUTHORIZED,
    );
    expectError(
      await expectNoChange(t, () => t.gql(ADD_BULK, { input: [row(placed.oid, '1')] })),
      ALREADY_PLACED,
    );
  });
});

describe('addSavedLocations', () => {
  it("adds the customer's own saved locations to the cart", async () => {
    const owner = await customer(t);
    const first = await startCart(t, [c.shop.id], { token: owner.token });
    const saved = await addLocation(t, first.oid, { token: owner.token });
    const second = await startCart(t, [c.survey.id], { token: owner.token });
    const res = await t.gql(ADD_SAVED, { oid: second.oid, locationIds: [saved] }, { token: owner.token });
    expect(res.errors).toBeUndefined();
    const links = await t.db.select().from(orderLocations).where(eq(orderLocations.oid, second.oid));
    expect(links.map((l) => l.locationId)).toEqual([saved]);
  });

  it("refuses anonymous visitors, another customer's location, another customer's cart and an empty choice", async () => {
    const owner = await customer(t);
    const ownerCart = await startCart(t, [c.shop.id], { token: owner.token });
    const ownersLocation = await addLocation(t, ownerCart.oid, { token: owner.token });
    const thief = await customer(t);
    const thiefCart = await startCart(t, [c.shop.id], { token: thief.token });
    const anonymousCart = await startCart(t, [c.shop.id]);
    const call = (oid: string, locationIds: string[], token?: string) => () =>
      t.gql(ADD_SAVED, { oid, locationIds }, { token });
    expectError(
      await expectNoChange(t, call(anonymousCart.oid, [ownersLocation])),
      'Log In to Use Saved Locations',
      { code: 'UNAUTHENTICATED' },
    );
    expectError(await expectNoChange(t, call(thiefCart.oid, [ownersLocation], thief.token)), NOT_AUTHORIZED, {
      field: 'locationIds',
    });
    expectError(await expectNoChange(t, call(ownerCart.oid, [ownersLocation], thief.token)), NOT_AUTHORIZED);
    expectError(
      await expectNoChange(t, call(thiefCart.oid, [], thief.token)),
      'Select at least one address.',
      { field: 'locationIds' },
    );
    expectError(
      await expectNoChange(t, call('no-such-order', [ownersLocation], owner.token)),
      ORDER_NOT_FOUND,
    );
  });

  it('refuses to add saved locations to a placed order', async () => {
    const owner = await customer(t);
    const placed = await placedOrderOf(t, c, owner.token);
    const res = await expectNoChange(t, () =>
      t.gql(ADD_SAVED, { oid: placed.oid, locationIds: [placed.locationId] }, { token: owner.token }),
    );
    expectError(res, ALREADY_PLACED);
  });
});

describe('saveLocation', () => {
  const edit = (name: string, address = AUSTIN) => ({ name, address: { formattedAddress: address } });

  it('edits a location of an anonymous cart through that cart, re-geocoding the address', async () => {
    const cart = await cartWithShop(t, c);
    const res = await t.gql(SAVE_LOCATION, {
      locationId: cart.locationId,
      oid: cart.oid,
      input: { name: 'Renamed', address: { formattedAddress: LAS_VEGAS, state: 'TX' } },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveLocation).toMatchObject({ name: 'Renamed', address: { state: 'NV' } });
  });

  it.each([
    { case: 'a blank name', input: edit(' '), message: 'Location Name is required.', field: 'name' },
    {
      case: 'no address',
      input: { name: 'Main' },
      message: 'Location Address is required.',
      field: 'address',
    },
  ])('refuses $case and changes nothing', async ({ input, message, field }) => {
    const cart = await cartWithShop(t, c);
    const res = await expectNoChange(t, () =>
      t.gql(SAVE_LOCATION, { locationId: cart.locationId, oid: cart.oid, input }),
    );
    expectError(res, message, { field, code: 'BAD_USER_INPUT' });
  });

  it("refuses another customer's location, an anonymous location without its cart, and an unknown id", async () => {
    const owner = await customer(t);
    const theirs = await cartWithShop(t, c, { token: owner.token });
    const anonymous = await cartWithShop(t, c);
    const otherAnonymous = await cartWithShop(t, c);
    const stranger = await customer(t);
    const call = (locationId: string, oid: string | null, token?: string) => () =>
      t.gql(SAVE_LOCATION, { locationId, oid, input: edit('Hijacked') }, { token });
    expectError(await expectNoChange(t, call(theirs.locationId, theirs.oid)), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(theirs.locationId, null, stranger.token)), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(anonymous.locationId, null)), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(anonymous.locationId, otherAnonymous.oid)), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call('no-such-location', anonymous.oid)), 'Location not found.', {
      field: 'locationId',
    });
    const own = await t.gql(
      SAVE_LOCATION,
      { locationId: theirs.locationId, input: edit('Mine') },
      { token: owner.token },
    );
    expect(own.data.saveLocation.name).toBe('Mine');
  });

  it('refuses to edit the location of a placed guest order through its old cart id', async () => {
    const placed = await placedGuestOrder(t, c);
    const res = await expectNoChange(t, () =>
      t.gql(SAVE_LOCATION, { locationId: placed.locationId, oid: placed.oid, input: edit('Hijacked') }),
    );
    expectError(res, NOT_AUTHORIZED);
  });

  it('keeps the zip code of a location with placed shops', async () => {
    const owner = await customer(t);
    const placed = await placedOrderOf(t, c, owner.token);
    const res = await expectNoChange(t, () =>
      t.gql(
        SAVE_LOCATION,
        { locationId: placed.locationId, input: edit('Moved', LAS_VEGAS) },
        { token: owner.token },
      ),
    );
    expectError(res, 'Please add a new location to edit zip code or contact support for assistance', {
      field: 'address.postalCode',
    });
  });
});

describe('removeLocationFromOrder', () => {
  it('takes the location and its cart shops off the cart (also as removeLocation)', async () => {
    const cart = await cartWithShop(t, c);
    const res = await t.gql(REMOVE_LOCATION, { locationId: cart.locationId, oid: cart.oid });
    expect(res.errors).toBeUndefined();
    expect(await t.db.select().from(shops).where(eq(shops.oid, cart.oid))).toEqual([]);
    expect(await locationCount()).toBe(0);

    const again = await cartWithShop(t, c);
    const alias = await t.gql(REMOVE_LOCATION_ALIAS, { locationId: again.locationId, oid: again.oid });
    expect(alias.errors).toBeUndefined();
    expect(await t.db.select().from(orderLocations).where(eq(orderLocations.oid, again.oid))).toEqual([]);
  });

  it("refuses another customer's cart, another cart's location, a placed order and unknown ids", async () => {
    const owner = await customer(t);
    const theirs = await cartWithShop(t, c, { token: owner.token });
    const mine = await cartWithShop(t, c);
    const otherAnonymous = await cartWithShop(t, c);
    const placed = await placedGuestOrder(t, c);
    for (const doc of [REMOVE_LOCATION, REMOVE_LOCATION_ALIAS]) {
      const call = (locationId: string, oid: string, token?: string) => () =>
        t.gql(doc, { locationId, oid }, { token });
      expectError(await expectNoChange(t, call(theirs.locationId, theirs.oid)), NOT_AUTHORIZED);
      expectError(await expectNoChange(t, call(theirs.locationId, mine.oid)), NOT_AUTHORIZED);
      expectError(await expectNoChange(t, call(otherAnonymous.locationId, mine.oid)), NOT_AUTHORIZED);
      expectError(await expectNoChange(t, call(placed.locationId, placed.oid)), ALREADY_PLACED);
      expectError(await expectNoChange(t, call(mine.locationId, 'no-such-order')), ORDER_NOT_FOUND);
      expectError(await expectNoChange(t, call('no-such-location', mine.oid)), 'Location not found.');
    }
    const own = await t.gql(
      REMOVE_LOCATION,
      { locationId: theirs.locationId, oid: theirs.oid },
      { token: owner.token },
    );
    expect(own.errors).toBeUndefined();
    // The customer's saved location stays saved; only the cart lost it.
    expect(await t.db.select().from(locations).where(eq(locations.id, theirs.locationId))).toHaveLength(1);
  });
});
