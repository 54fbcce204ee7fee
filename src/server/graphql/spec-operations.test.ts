import {
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  parse,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from './schema.js';

/**
 * Every GraphQL operation the three specs name ("Calls" in each), with the arguments and fields they
 * name, written as selections: `field(arg: $_)` names an argument (its value is not the point here),
 * nested braces name the fields read from the result. The test walks each against the schema, so a
 * renamed or dropped field, argument or nested field of the contract fails here by its spec name.
 */
const SPEC_OPERATIONS: Record<string, { query?: string; mutation?: string }> = {
  // account-and-reporting, 7. Calls
  'account-and-reporting': {
    query: `{
      currentUser { _id email profile { firstName lastName businessName phone additionalEmails } }
      locations: currentUser { locations(includeUnpublished: $_) { _id name website phone address additionalEmails } }
      billing: currentUser { paymentCard { brand last4 expireMonth expireYear } }
      activeShops: currentUser {
        locations(includeUnpublished: $_) { _id name }
        nextBilling { value displayValue }
        shops(status: $_) { _id frequencyPeriod frequencyQuantity reimbursement status }
      }
      orderHistory: currentUser { orders(first: $_, after: $_) { pageInfo { hasNextPage endCursor } nodes { _id orderNumber orderDate amount } } }
      paymentHistory: currentUser { invoices(first: $_) { nodes { id date amount attempted paid } } }
      invoice(invoiceId: $_) { id date amount paid }
      byNumber: order(_id: $_, orderNumber: $_) { _id }
      order(_id: $_) { _id orderNumber }
      nextLocationID(oid: $_)
    }`,
    mutation: `{
      saveAccountInfo(input: $_) { _id email profile { firstName } }
      saveLocation(locationId: $_, oid: $_, input: $_) { _id name website phone address additionalEmails }
      removeLocationFromAccount(locationId: $_) { _id }
      saveDefaultCard(stripeToken: $_) { last4 }
      saveEmailPreferences(input: $_) { email emailPreferences }
      saveShop(_id: $_, input: $_) { _id frequencyPeriod frequencyQuantity reimbursement }
      cancelActiveShop(_id: $_) { _id }
      reorder(oid: $_) { _id }
      changePassword(oldPassword: $_, newPassword: $_)
      sendResetPasswordEmail(email: $_)
      resetPassword(token: $_, password: $_)
      login(email: $_, password: $_)
      generateSignature(text: $_)
    }`,
  },
  // admin-and-evaluation, 7. Calls
  'admin-and-evaluation': {
    query: `{
      brand(_id: $_) { _id name }
      industries(brandId: $_) { _id title published questionnaires(includeCustom: $_) { _id title published type } }
      brands { _id name type }
      authenticated: brands(type: $_) { _id }
      byCustomDomain: brand(customDomain: $_) { _id }
      bySubdomain: brand(subdomain: $_) { _id }
      byEntryPath: brand(entryPath: $_) { _id }
      questionnaire(_id: $_) { _id title type }
      orders(status: $_, first: $_, after: $_) { pageInfo { hasNextPage endCursor } nodes { _id orderNumber } }
      order(orderNumber: $_) { _id }
      users(first: $_, after: $_, nameSearch: $_, businessNameSearch: $_) { pageInfo { hasNextPage endCursor } nodes { _id email } }
      user(uid: $_) {
        profile { firstName lastName businessName phone }
        invoices(first: $_, after: $_) { nodes { id } }
        orders(first: $_) { nodes { _id } }
        nextBilling { value }
        locations(includeUnpublished: $_) { _id }
        shops(status: $_) { _id }
      }
      publishedIndustries(brandId: $_) { _id title }
    }`,
    mutation: `{
      addEditQuestionnaire(_id: $_, input: $_) { _id title type industryId brandId sampleLink minimumReimbursement monthsPurchased cost startupCost published showReimbursement isCustom }
      removeQuestionnaire(_id: $_)
      removeIndustry(_id: $_)
      toggleIndustryPublish(_id: $_, published: $_)
      addIndustry(title: $_, brandId: $_)
      createBrand(input: $_) { _id }
      updateBrand(_id: $_, input: $_) { _id }
      removeBrand(_id: $_)
      associateBrandToUser(uid: $_, brandId: $_) { _id }
      generateSignature(text: $_)
    }`,
  },
  // order-flow, 7. Calls
  'order-flow': {
    query: `{
      publishedIndustries(brandId: $_) { _id title questionnaires { _id title type cost } }
      order(_id: $_) { _id hasLocations locations { _id } userQuestionnaires { _id } }
      currentUser { _id locations { _id } paymentCard { last4 } }
      brands(type: $_) { _id }
      brand(customDomain: $_, subdomain: $_, entryPath: $_) { _id }
    }`,
    mutation: `{
      startOrder(oid: $_, qids: $_, serviceKeys: $_) { _id userQuestionnaires { _id } }
      modifyOrderQuestionnaires(oid: $_, qids: $_, qType: $_) { _id }
      saveUserQuestionnaire(_id: $_, input: $_) {
        _id additionalComments customUpload { publicUrl fileName }
        customQuestions { type question multipleChoiceOptions allowMultipleSelections }
      }
      removeUserQuestionnaire(oid: $_, uqid: $_) { _id }
      addSavedLocations(oid: $_, locationIds: $_) { _id }
      addBulkLocations(input: $_) { _id }
      addLocation(input: $_) { _id }
      saveLocation(locationId: $_, oid: $_, input: $_) { _id }
      removeLocationFromOrder(locationId: $_, oid: $_) { _id }
      removeLocation(locationId: $_, oid: $_) { _id }
      saveShop(_id: $_, input: $_) { _id }
      removeCartShop(_id: $_, oid: $_) { _id }
      copyShopsToAllOrderLocations(shopIds: $_, oid: $_, qType: $_) { _id }
      checkout(oid: $_, input: $_) { _id }
    }`,
  },
};

type Miss = string;

function walk(type: GraphQLNamedType, selections: SelectionSetNode, path: string, misses: Miss[]) {
  if (!isObjectType(type) && !isInterfaceType(type)) {
    misses.push(`${path}: ${type.name} has no fields to select`);
    return;
  }
  for (const node of selections.selections) {
    if (node.kind !== Kind.FIELD) continue;
    const name = (node as FieldNode).name.value;
    const field: GraphQLField<unknown, unknown> | undefined = type.getFields()[name];
    const at = `${path}.${name}`;
    if (!field) {
      misses.push(`${at}: no field ${name} on ${type.name}`);
      continue;
    }
    for (const arg of node.arguments ?? []) {
      if (!field.args.some((a) => a.name === arg.name.value))
        misses.push(`${at}: no argument ${arg.name.value}`);
    }
    if (node.selectionSet) walk(getNamedType(field.type), node.selectionSet, at, misses);
  }
}

describe("the specs' GraphQL operations", () => {
  for (const [spec, operations] of Object.entries(SPEC_OPERATIONS)) {
    it(`${spec}: every operation, argument and field named is in the schema`, () => {
      const misses: Miss[] = [];
      for (const [kind, text] of Object.entries(operations)) {
        const root = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
        const doc = parse(text);
        const op = doc.definitions[0]!;
        if (op.kind !== Kind.OPERATION_DEFINITION) throw new Error('an operation expected');
        walk(root, op.selectionSet, root.name, misses);
      }
      expect(misses).toEqual([]);
    });
  }

  it('finds a field, an argument and a nested field the schema does not have', () => {
    const misses: Miss[] = [];
    const doc = parse('{ nothing orders(status: $_, colour: $_) { nodes { shade } } }');
    const op = doc.definitions[0]!;
    if (op.kind !== Kind.OPERATION_DEFINITION) throw new Error('an operation expected');
    walk(schema.getQueryType()!, op.selectionSet, 'Query', misses);
    expect(misses).toEqual([
      'Query.nothing: no field nothing on Query',
      'Query.orders: no argument colour',
      'Query.orders.nodes.shade: no field shade on AdminOrder',
    ]);
  });
});
