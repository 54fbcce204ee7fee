import type { FormElement } from './form-schema';
import { EvaluationStatus } from './statuses';

const INTERNAL_ROLES: readonly string[] = ['employee', 'proofer'];

/**
 * Whether the user may edit an element: nothing in Preview; remark and inboundparameter never;
 * editability all for everyone, internal for employees and proofers, employee for employees only.
 */
export function isEditable(element: FormElement, role: string, evaluationStatus: number): boolean {
  if (evaluationStatus === EvaluationStatus.Preview) return false;
  if (element.typeId === 'remark' || element.typeId === 'inboundparameter') return false;
  switch (element.editability) {
    case 'all':
      return true;
    case 'internal':
      return INTERNAL_ROLES.includes(role);
    case 'employee':
      return role === 'employee';
    default:
      return false;
  }
}
