import { valueFromASTUntyped } from 'graphql';
import {
  createForm,
  type FormRecord,
  type FormVersionRecord,
  listForms,
  loadDraft,
  loadForm,
  loadVersionDefinition,
  publishForm,
  saveFormDraft,
  setFormActive,
} from '../forms/index.js';
import { builder } from './builder.js';

/** Any JSON value: a form draft or a published definition (src/evaluation's form model). */
export const JSONScalar = builder.scalarType('JSON', {
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => valueFromASTUntyped(node, variables ?? undefined),
});

const FormVersionType = builder.objectRef<FormVersionRecord>('FormVersion').implement({
  description: 'A published, immutable version of a form; evaluations keep the version they started on.',
  fields: (t) => ({
    _id: t.exposeString('id'),
    formId: t.exposeString('formId'),
    version: t.exposeInt('version'),
    publishedAt: t.string({ resolve: (v) => v.publishedAt.toISOString() }),
    definition: t.field({
      type: 'JSON',
      description: 'The form as published (src/evaluation Form JSON).',
      resolve: (v, _a, ctx) =>
        v.definition !== undefined ? v.definition : loadVersionDefinition(ctx.db, v.id),
    }),
  }),
});

const FormType = builder.objectRef<FormRecord>('Form').implement({
  description: 'A form of the form builder: an editable draft and its published versions.',
  fields: (t) => ({
    _id: t.exposeString('id'),
    name: t.exposeString('name'),
    isActive: t.exposeBoolean('isActive'),
    createdAt: t.string({ resolve: (f) => f.createdAt.toISOString() }),
    updatedAt: t.string({ resolve: (f) => f.updatedAt.toISOString() }),
    draft: t.field({
      type: 'JSON',
      description: 'The draft being edited (src/evaluation Form JSON).',
      resolve: (f, _a, ctx) => (f.draft !== undefined ? f.draft : loadDraft(ctx.db, f.id)),
    }),
    versions: t.field({
      type: [FormVersionType],
      description: 'Published versions, newest first.',
      resolve: async (f, _a, ctx) => f.versions ?? (await loadForm(ctx.db, { id: f.id }))?.versions ?? [],
    }),
    latestVersion: t.field({
      type: FormVersionType,
      nullable: true,
      description: 'The newest published version; null until the form is first published.',
      resolve: (f) => f.latestVersion,
    }),
  }),
});

builder.queryFields((t) => ({
  forms: t.field({
    type: [FormType],
    description: 'Every form, by name (admins).',
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => listForms(ctx.db),
  }),
  form: t.field({
    type: FormType,
    nullable: true,
    description: 'A form with its draft and versions (admins); null when not found.',
    authScopes: { admin: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => loadForm(ctx.db, { id: a._id }),
  }),
}));

builder.mutationFields((t) => ({
  createForm: t.field({
    type: FormType,
    description: "A new form whose draft has one section, 'Default Section'.",
    authScopes: { admin: true },
    args: { name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => createForm(ctx.db, { input: { name: a.name } }),
  }),
  saveFormDraft: t.field({
    type: FormType,
    description: 'Replaces the draft; a draft the engine refuses is an error naming its path.',
    authScopes: { admin: true },
    args: {
      _id: t.arg.string({ required: true }),
      draft: t.arg({ type: 'JSON', required: true }),
    },
    resolve: (_r, a, ctx) => saveFormDraft(ctx.db, { id: a._id, draft: a.draft }),
  }),
  publishForm: t.field({
    type: FormType,
    description: 'Publishes the saved draft as the next version; latestVersion is the published one.',
    authScopes: { admin: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => publishForm(ctx.db, { id: a._id }),
  }),
  setFormActive: t.field({
    type: FormType,
    authScopes: { admin: true },
    args: { _id: t.arg.string({ required: true }), isActive: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) => setFormActive(ctx.db, { input: { _id: a._id, isActive: a.isActive } }),
  }),
}));
